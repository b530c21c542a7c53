import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../env.ts';
import { createCustomer, expect, expectAccessible, login, shoot, test } from '../fixtures.ts';

const TEXT = {
  nl: {
    addresses: 'E-mailadressen',
    addressesNav: 'Adressen',
    menu: 'Hoofdmenu',
    addAddress: 'Nieuw e-mailadres',
    name: /^Naam/,
    password: /^Wachtwoord/,
    repeat: /^Herhaal wachtwoord/,
    aliases: /^Aliassen/,
    create: 'Aanmaken',
    forwards: 'Doorsturingen',
    addForward: 'Nieuwe doorsturing',
    from: /^Adres/,
    to: /^Doorsturen naar/,
    inUse: '1 van 100 in gebruik',
    settings: 'Instellingen',
    catchAll: 'Doorsturen naar één adres (catch-all)',
    catchAllAddress: /^Catch-all-adres/,
    save: 'Opslaan',
    saved: 'De wijzigingen zijn opgeslagen',
  },
  en: {
    addresses: 'E-mail addresses',
    addressesNav: 'Addresses',
    menu: 'Main menu',
    addAddress: 'New e-mail address',
    name: /^Name/,
    password: /^Password/,
    repeat: /^Repeat password/,
    aliases: /^Aliases/,
    create: 'Create',
    forwards: 'Forwards',
    addForward: 'New forward',
    from: /^Address/,
    to: /^Forward to/,
    inUse: '1 of 100 in use',
    settings: 'Settings',
    catchAll: 'Forward it to one address (catch-all)',
    catchAllAddress: /^Catch-all address/,
    save: 'Save',
    saved: 'The changes have been saved',
  },
} as const;

const PW = 'Post-bode-2026!x';

/**
 * axe with the pointer off the last button. Screens after a save are reloaded first: a toast is
 * not part of the screen, and waiting its 3 s out each time would double the journey.
 */
async function checkScreen(page: Page, reload = false): Promise<void> {
  if (reload) await page.reload();
  await page.mouse.move(1270, 790);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expectAccessible(page);
}

/** The Postfix alias map the panel wrote for the e2e server. */
const aliases = () => readFile(join(E2E_DATA_DIR ?? '', 'mail', 'maps', 'aliases'), 'utf8');

/**
 * The mailbox's own login (type EMAIL, the mailbox password): it lands on its own mailbox, changes
 * its autoresponder and stays there with a success message (specs part 2 "Mail").
 */
async function mailboxLogin(page: Page, domain: string): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(`/?domain=${domain}`);
  await page.getByLabel(/username/i).fill('info');
  await page
    .getByLabel(/^password/i)
    .first()
    .fill(PW);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(new RegExp(`/mail/${domain}/address/info$`));
  await expect(
    page.getByRole('switch', { name: 'Answer incoming mail automatically' }),
  ).toBeVisible();
  await shoot(page, 'mail-own-detail-en', { axe: true });
  await page.getByRole('switch', { name: 'Answer incoming mail automatically' }).check();
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('On holiday');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Back on Monday.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(TEXT.en.saved)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/mail/${domain}/address/info$`));
  const sieve = join(E2E_DATA_DIR ?? '', 'mail', 'boxes', domain, 'info', 'sieve', 'active.sieve');
  expect(await readFile(sieve, 'utf8')).toContain('On holiday');
}

for (const lang of ['nl', 'en'] as const) {
  test(`mail: a mailbox with an alias, a forward and a catch-all (${lang})`, async ({ page }) => {
    const x = TEXT[lang];
    const c = createCustomer();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);

    // The mail container opens on the address list.
    await page
      .getByRole('navigation', { name: x.menu })
      .getByRole('link', { name: 'E-mail' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: x.addresses })).toBeVisible();
    await page.getByRole('link', { name: x.addAddress }).click();
    await page.getByRole('textbox', { name: x.name }).fill('Info');
    await page.getByLabel(x.password).first().fill(PW);
    await page.getByLabel(x.repeat).fill(PW);
    const alias = page.getByRole('textbox', { name: x.aliases });
    await alias.fill('Ver koop');
    await alias.press('Enter');
    await checkScreen(page);
    await shoot(page, `mail-add-${lang}`, { axe: true });
    await page.getByRole('button', { name: x.create }).click();
    const list = page.getByRole('list', { name: x.addresses });
    await expect(list.getByRole('link', { name: `info@${c.domain}` })).toBeVisible();
    if (lang === 'nl') await checkScreen(page, true);
    expect(await aliases()).toContain(`verkoop@${c.domain} info@${c.domain}`);

    // A forward, counted against the plan's maximum.
    await page.getByRole('link', { name: x.forwards }).click();
    await page.getByRole('link', { name: x.addForward }).click();
    await page.getByRole('textbox', { name: x.from }).fill('shop');
    await page.getByRole('textbox', { name: x.to }).fill('eigenaar@example.org');
    await page.getByRole('button', { name: x.create }).click();
    await expect(page.getByText(x.inUse)).toBeVisible();
    // The screens look alike in both languages: the second one checks only its forms.
    if (lang === 'nl') await checkScreen(page, true);
    expect(await aliases()).toContain(`shop@${c.domain} eigenaar@example.org`);

    // Catch-all: unknown addresses go to the mailbox.
    await page.getByRole('link', { name: x.settings }).click();
    await page.getByRole('radio', { name: x.catchAll }).check();
    await page.getByRole('textbox', { name: x.catchAllAddress }).fill(`info@${c.domain}`);
    if (lang === 'en') await checkScreen(page);
    await page.getByRole('button', { name: x.save }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    expect(await aliases()).toContain(`@${c.domain} info@${c.domain}`);
    if (lang === 'en') {
      await mailboxLogin(page, c.domain);
      return;
    }
    await checkScreen(page, true);

    // The mailbox's detail, with its sections.
    await page.getByRole('link', { name: x.addressesNav }).click();
    await page.getByRole('link', { name: `info@${c.domain}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `info@${c.domain}` })).toBeVisible();
    await checkScreen(page);
    await shoot(page, `mail-detail-${lang}`, { axe: true });
  });
}
