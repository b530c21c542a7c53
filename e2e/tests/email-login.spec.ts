import type { Page } from '@playwright/test';
import { checkScreen, createCustomer, expect, login, resize, screen, test } from '../fixtures.ts';

const MAILBOX_PW = 'Haven-Mailbox-77!x';

/** A mailbox `info@` made by the hosting login, through the API the mail screen uses. */
async function addMailbox(page: Page, domain: string): Promise<void> {
  const status = await page.evaluate(
    async ({ domain, pw }) => {
      const token = localStorage.getItem('user-token') ?? '';
      const res = await fetch(`/api/${domain}/mail/account/address`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: 'info',
          password: pw,
          passwordRepeat: pw,
          forwarding: { address: [] },
          alias: [],
        }),
      });
      return res.status;
    },
    { domain, pw: MAILBOX_PW },
  );
  expect(status).toBeLessThan(300);
}

/** Screens a mailbox login reaches by its links, and the customer's screens typed as an address. */
const OWN = (d: string) => [
  `/mail/${d}/address/info`,
  '/dashboard',
  `/account/${d}`,
  `/mail/${d}/webmail`,
];
const CUSTOMERS = (d: string) => [
  `/mail/${d}`,
  `/mail/${d}/group/team`,
  `/mail/${d}/address/someone-else`,
  `/mail/${d}/list`,
  `/upgrade/${d}`,
  `/upgrade/${d}/step/1`,
  `/upgrade/${d}/products`,
  `/upgrade/${d}/cart`,
  '/helpdesk/ticket',
];

test('an EMAIL login (a mailbox) is shown nothing it may not use: no call answers 403', async ({
  page,
}) => {
  const c = createCustomer();
  await login(page, c);
  await addMailbox(page, c.domain);
  await page.evaluate(() => localStorage.removeItem('user-token'));

  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(`/?domain=${c.domain}`);
  await page.getByLabel(/gebruikersnaam/i).fill('info');
  await page
    .getByLabel(/^wachtwoord/i)
    .first()
    .fill(MAILBOX_PW);
  await page.getByRole('button', { name: /inloggen/i }).click();
  await expect(page).toHaveURL(new RegExp(`/mail/${c.domain}/address/info$`));

  const visit = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  };
  for (const path of OWN(c.domain)) {
    await visit(path);
    // No tab or link to a screen of the customer's: a mailbox has no mail sections beside its own.
    await expect(page.getByRole('navigation', { name: 'Onderdelen van e-mail' })).toHaveCount(0);
    // Every link the screen offers, one step deep.
    const hrefs = await page
      .locator('main a[href^="/"], nav a[href^="/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const href of new Set(hrefs)) await visit(href);
  }
  await page.goto(`/mail/${c.domain}/webmail`);
  // No webmail here: it is sent to whoever manages the domain, not to a helpdesk it does not have.
  await expect(page.getByText(/vraag het aan degene die dit domein beheert/)).toBeVisible();
  await expect(page.getByText(/helpdesk/i)).toHaveCount(0);
  await checkScreen(page);
  await shots(page, 'email-webmail');

  // Typed addresses of the customer's screens: one page with a heading, no form that fails.
  for (const path of CUSTOMERS(c.domain)) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Hoort niet bij je mailbox' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // The way forward: back to its own mailbox.
  await expect(page.getByRole('link', { name: 'Naar je mailbox' })).toHaveAttribute(
    'href',
    `/mail/${c.domain}/address/info`,
  );
  await checkScreen(page);
  await page.goto(`/upgrade/${c.domain}/step/1`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hoort niet bij je mailbox' }),
  ).toBeVisible();
  await shots(page, 'email-upgrade');
  expect(refused).toEqual([]);
});

/** 1280 and 360 px, in Dutch and English. */
async function shots(page: Page, name: string): Promise<void> {
  for (const lang of ['nl', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screen(page, `${name}-${lang}-desktop`);
    await resize(page, 360, 740);
    await screen(page, `${name}-${lang}-360`);
    await resize(page, 1280, 800);
  }
  await page.evaluate(() => localStorage.setItem('language', 'nl'));
  await page.reload();
}
