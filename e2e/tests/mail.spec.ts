import type { Page } from '@playwright/test';
import { checkScreen, expect, test } from '../fixtures.ts';
import {
  addToList,
  aliases,
  JOURNEYS,
  picture,
  PW,
  sieve,
  start,
  type Text,
} from './mail-support.ts';

/** A mailbox with an alias, then its autoresponder on its detail screen. */
async function mailboxWithAutoresponder(page: Page, x: Text, domain: string): Promise<void> {
  await page.goto(`/mail/${domain}/address/add`);
  await page.getByRole('textbox', { name: x.name }).fill('Info');
  await page.getByLabel(x.password).first().fill(PW);
  await page.getByLabel(x.repeat).fill(PW);
  await addToList(page, x.aliases, ['Ver koop']);
  await checkScreen(page);
  await page.getByRole('button', { name: x.create }).click();
  const list = page.getByRole('list', { name: x.addresses });
  await list.getByRole('link', { name: `info@${domain}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `info@${domain}` })).toBeVisible();
  await expect.poll(aliases).toContain(`verkoop@${domain} info@${domain}`);

  await page.getByRole('switch', { name: x.autoresponder }).check();
  await page.getByRole('textbox', { name: x.subject, exact: true }).fill('Even weg');
  await page.getByRole('textbox', { name: x.message, exact: true }).fill('Maandag terug.');
  await checkScreen(page);
  await page.getByRole('button', { name: x.save }).click();
  await expect(page.getByText(x.saved)).toBeVisible();
  await expect(list.getByRole('link', { name: `info@${domain}` })).toBeVisible();
  await checkScreen(page);
  expect(await sieve(domain)).toContain('Even weg');
}

/**
 * The mailbox's own login (type EMAIL, the mailbox password) lands on its own mailbox, changes
 * its autoresponder and stays there with a success message (specs part 2 "Mail"). The hosting
 * login's token is dropped rather than clicked away: logging out is not this journey's subject.
 */
async function ownAutoresponder(page: Page, x: Text, domain: string): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('user-token'));
  await page.goto(`/?domain=${domain}`);
  await page.getByLabel(x.login.user).fill('info');
  await page.getByLabel(x.login.password).first().fill(PW);
  await page.getByRole('button', { name: x.login.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/mail/${domain}/address/info$`));
  const subject = page.getByRole('textbox', { name: x.subject, exact: true });
  await expect(subject).toHaveValue('Even weg');
  await checkScreen(page);
  await subject.fill('Op vakantie');
  await page.getByRole('button', { name: x.save }).click();
  await expect(page.getByText(x.saved)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/mail/${domain}/address/info$`));
  await expect(subject).toHaveValue('Op vakantie');
  expect(await sieve(domain)).toContain('Op vakantie');
}

for (const journey of JOURNEYS) {
  test(`mail: a mailbox with an alias and an autoresponder, changed by its own login (${journey.where})`, async ({
    page,
  }) => {
    const c = await start(page, journey);
    await mailboxWithAutoresponder(page, c.x, c.domain);
    await ownAutoresponder(page, c.x, c.domain);
    await picture(page, `mail-own-detail-${journey.lang}`, journey.phone);
  });
}
