import type { Page } from '@playwright/test';
import { checkScreen, createCustomer, expect, login, resize, test } from '../fixtures.ts';

const TEXT = {
  nl: {
    lists: 'Mailinglijsten',
    nav: 'Onderdelen van e-mail',
    more: /^Meer/,
    add: 'Nieuwe mailinglijst',
    name: /^Naam/,
    admin: /^E-mailadres van de beheerder/,
    password: /^Wachtwoord/,
    repeat: /^Herhaal wachtwoord/,
    create: 'Aanmaken',
    subscriber: 'E-mailadres',
    subscribe: 'Aanmelden',
    members: 'Abonnees',
    unsubscribe: (e: string) => `${e} afmelden`,
    count: '1 abonnee',
  },
  en: {
    lists: 'Mailing lists',
    nav: 'Mail sections',
    more: /^More/,
    add: 'New mailing list',
    name: /^Name/,
    admin: /^Admin e-mail address/,
    password: /^Password/,
    repeat: /^Repeat password/,
    create: 'Create',
    subscriber: 'E-mail address',
    subscribe: 'Subscribe',
    members: 'Subscribers',
    unsubscribe: (e: string) => `Unsubscribe ${e}`,
    count: '1 subscriber',
  },
} as const;

const PW = 'Lijst-bode-2026!x';

/** To a mail section by its tab row: in the row, or behind "more" when the row is full (360 px). */
async function openSection(page: Page, x: (typeof TEXT)[keyof typeof TEXT], name: string) {
  const nav = page.getByRole('navigation', { name: x.nav });
  await expect(nav.getByRole('link').or(nav.getByRole('button')).first()).toBeVisible();
  const tab = nav.getByRole('link', { name, exact: true });
  if (await tab.isVisible()) return tab.click();
  await nav.getByRole('button', { name: x.more }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The domain's mailbox `name`, made through the panel's own API (a precondition, not the journey). */
async function mailbox(page: Page, domain: string, name: string): Promise<void> {
  const status = await page.evaluate(
    async ({ domain, name, pw }) => {
      const res = await fetch(`/api/${domain}/mail/account/address`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('user-token') ?? ''}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          name,
          password: pw,
          passwordRepeat: pw,
          forwarding: { address: [] },
          alias: [],
        }),
      });
      return res.status;
    },
    { domain, name, pw: PW },
  );
  expect(status).toBe(200);
}

for (const lang of ['nl', 'en'] as const) {
  test(`mail lists: create a list, subscribe two addresses, unsubscribe one (${lang})`, async ({
    page,
  }) => {
    const x = TEXT[lang];
    const c = createCustomer();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    if (lang === 'en') await resize(page, 360, 760);
    await login(page, c);
    await mailbox(page, c.domain, 'info');
    const info = `info@${c.domain}`;

    // Overview, reached from the mail navigation.
    await page.goto(`/mail/${c.domain}/address`);
    await openSection(page, x, x.lists);
    await expect(page.getByRole('heading', { level: 1, name: x.lists })).toBeVisible();

    // Add.
    await page.getByRole('link', { name: x.add }).click();
    await page.getByRole('textbox', { name: x.name }).fill('Nieuws');
    await page.getByRole('textbox', { name: x.admin }).fill(info);
    await page.getByLabel(x.password).first().fill(PW);
    await page.getByLabel(x.repeat).fill(PW);
    await checkScreen(page);
    await page.getByRole('button', { name: x.create }).click();
    const address = `nieuws@${c.domain}`;
    await page.getByRole('link', { name: address }).click();
    await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible();

    // Subscribe one of the domain's addresses (picked) and one typed; then unsubscribe one.
    const field = page.getByRole('textbox', { name: x.subscriber, exact: true });
    await field.click();
    await page.getByRole('option', { name: info }).click();
    await page.getByRole('button', { name: x.subscribe, exact: true }).click();
    const members = page.getByRole('list', { name: x.members });
    await expect(members.getByText(info)).toBeVisible();
    // The list shows the member before the subscribe has finished (its other queries refetch).
    await expect(field).toHaveValue('');
    await field.fill('lid@example.org');
    await page.getByRole('button', { name: x.subscribe, exact: true }).click();
    await expect(members.getByText('lid@example.org')).toBeVisible();
    await checkScreen(page);
    await page.getByRole('button', { name: x.unsubscribe('lid@example.org') }).click();
    await expect(members.getByText('lid@example.org')).toHaveCount(0);
    await expect(members.getByText(info)).toBeVisible();

    // The overview (axe here: one check per screen) counts the one left.
    await page.getByRole('link', { name: x.lists }).first().click();
    await expect(page.getByText(x.count)).toBeVisible();
    await checkScreen(page);
  });
}
