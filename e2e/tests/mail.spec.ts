import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../env.ts';
import {
  checkScreen,
  createCustomer,
  expect,
  login,
  resize,
  screen,
  settle,
  shoot,
  test,
} from '../fixtures.ts';

const TEXT = {
  nl: {
    addresses: 'E-mailadressen',
    groups: 'Groepen',
    name: /^Naam/,
    password: /^Wachtwoord/,
    repeat: /^Herhaal wachtwoord/,
    aliases: /^Aliassen/,
    members: /^Leden/,
    create: 'Aanmaken',
    twoMembers: '2 leden',
    autoresponder: 'Inkomende mail automatisch beantwoorden',
    subject: 'Onderwerp',
    message: 'Bericht',
    from: /^Adres/,
    to: /^Doorsturen naar/,
    inUse: '1 van 100 in gebruik',
    missing: 'Ontbreekt',
    different: 'Anders',
    present: 'Aanwezig',
    complete: 'Zet het ontbrekende record neer',
    catchAll: 'Doorsturen naar één adres (catch-all)',
    catchAllAddress: /^Catch-all-adres/,
    save: 'Opslaan',
    saved: 'De wijzigingen zijn opgeslagen',
    login: { user: /gebruikersnaam/i, password: /^wachtwoord/i, submit: /inloggen/i },
  },
  en: {
    addresses: 'E-mail addresses',
    groups: 'Groups',
    name: /^Name/,
    password: /^Password/,
    repeat: /^Repeat password/,
    aliases: /^Aliases/,
    members: /^Members/,
    create: 'Create',
    twoMembers: '2 members',
    autoresponder: 'Answer incoming mail automatically',
    subject: 'Subject',
    message: 'Message',
    from: /^Address/,
    to: /^Forward to/,
    inUse: '1 of 100 in use',
    missing: 'Missing',
    different: 'Different',
    present: 'Present',
    complete: 'Put the missing record in place',
    catchAll: 'Forward it to one address (catch-all)',
    catchAllAddress: /^Catch-all address/,
    save: 'Save',
    saved: 'The changes have been saved',
    login: { user: /username/i, password: /^password/i, submit: /log in/i },
  },
} as const;
type Text = (typeof TEXT)[keyof typeof TEXT];

const PW = 'Post-bode-2026!x';
const dataFile = (...parts: string[]) => readFile(join(E2E_DATA_DIR ?? '', ...parts), 'utf8');
/** The Postfix alias map and a mailbox's Sieve script, as the panel wrote them. */
const aliases = () => dataFile('mail', 'maps', 'aliases');
const sieve = (domain: string) =>
  dataFile('mail', 'boxes', domain, 'info', 'sieve', 'active.sieve');

/** Pictures for people to look at: the page at rest, from its top, no control focused. */
async function picture(page: Page, name: string, phone = false): Promise<void> {
  await settle(page);
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  await (phone ? screen(page, `${name}-360`) : shoot(page, name));
}

/**
 * The customer's own DNS changes, made through the API (the DNS screens are another journey's):
 * the SPF record deleted, the DMARC policy replaced by one of their own.
 */
async function ownDnsChanges(page: Page, domain: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('user-token'));
  const headers = { Authorization: `Bearer ${token}` };
  const base = `/api/${domain}/webhosting/dns`;
  const { records } = (await (await page.request.get(base, { headers })).json()) as {
    records: { id: number; record: string; host: string; value: string }[];
  };
  const spf = records.find((r) => r.record === 'TXT' && r.value.startsWith('v=spf1'));
  const dmarc = records.find((r) => r.host === '_dmarc');
  expect((await page.request.delete(`${base}/${spf?.id}`, { headers })).status()).toBe(200);
  const own = { record: 'TXT', host: '_dmarc', value: 'v=DMARC1; p=reject' };
  const changed = await page.request.post(`${base}/${dmarc?.id}`, { headers, data: own });
  expect(changed.status(), await changed.text()).toBe(200);
}

/** A list field: each value typed and taken with Enter. */
async function addToList(page: Page, label: RegExp, values: string[]): Promise<void> {
  const field = page.getByRole('textbox', { name: label });
  for (const value of values) {
    await field.fill(value);
    await field.press('Enter');
  }
}

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
  expect(await aliases()).toContain(`verkoop@${domain} info@${domain}`);

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

/** A group of two members, a forward and the catch-all; the settings show the DNS records. */
async function groupForwardCatchAll(
  page: Page,
  x: Text,
  domain: string,
  shots: (name: string) => Promise<void>,
): Promise<void> {
  await page.goto(`/mail/${domain}/group/add`);
  await page.getByRole('textbox', { name: x.name }).fill('team');
  await addToList(page, x.members, ['eva@example.org', 'collega@example.org']);
  await checkScreen(page);
  await shots('mail-group-add');
  await page.getByRole('button', { name: x.create }).click();
  const groups = page.getByRole('list', { name: x.groups });
  await expect(groups.getByRole('listitem')).toContainText(x.twoMembers);
  await checkScreen(page);
  expect(await aliases()).toMatch(new RegExp(`team@${domain} .*collega@example\\.org`));

  await page.goto(`/mail/${domain}/forward/add`);
  await page.getByRole('textbox', { name: x.from }).fill('shop');
  await page.getByRole('textbox', { name: x.to }).fill('eigenaar@example.org');
  await checkScreen(page);
  await page.getByRole('button', { name: x.create }).click();
  await expect(page.getByText(x.inUse)).toBeVisible();
  await checkScreen(page);
  await shots('mail-forwards');
  expect(await aliases()).toContain(`shop@${domain} eigenaar@example.org`);

  // The settings show the DNS records mail needs: the missing SPF is put in place, the
  // customer's own DMARC policy stays (shown as different).
  await ownDnsChanges(page, domain);
  await page.goto(`/mail/${domain}/settings`);
  const row = (purpose: string) => page.getByTestId(`mail-dns-${purpose}`);
  await expect(row('spf')).toContainText(x.missing);
  await expect(row('dmarc')).toContainText(x.different);
  await expect(row('dmarc')).toContainText('v=DMARC1; p=reject');
  await page.getByRole('button', { name: x.complete }).click();
  await expect(row('spf')).toContainText(x.present);
  await expect(row('dmarc')).toContainText(x.different);
  await page.getByRole('radio', { name: x.catchAll }).check();
  await page.getByRole('textbox', { name: x.catchAllAddress }).fill('eva@example.org');
  await checkScreen(page);
  await page.getByRole('button', { name: x.save }).click();
  await expect(page.getByText(x.saved)).toBeVisible();
  expect(await aliases()).toContain(`@${domain} eva@example.org`);
  await shots('mail-settings');
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

// Two journeys per language, each on a fresh customer made by the CLI, so each stays short: the
// mailbox and its own login, then the domain's group, forward and catch-all.
const JOURNEYS = {
  nl: { phone: false },
  en: { phone: true },
} as const;

for (const lang of ['nl', 'en'] as const) {
  const x = TEXT[lang];
  const { phone } = JOURNEYS[lang];
  const where = phone ? `${lang}, 360 px` : `${lang}, desktop`;
  const start = async (page: Page) => {
    const c = createCustomer();
    if (lang !== 'nl') await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    if (phone) await resize(page, 360, 760);
    await login(page, c);
    return c;
  };

  test(`mail: a mailbox with an alias and an autoresponder, changed by its own login (${where})`, async ({
    page,
  }) => {
    const c = await start(page);
    await mailboxWithAutoresponder(page, x, c.domain);
    await ownAutoresponder(page, x, c.domain);
    await picture(page, `mail-own-detail-${lang}`, phone);
  });

  test(`mail: a group, a forward and the catch-all (${where})`, async ({ page }) => {
    const c = await start(page);
    await groupForwardCatchAll(page, x, c.domain, (name) =>
      phone || name === 'mail-settings'
        ? picture(page, `${name}-${lang}`, phone)
        : Promise.resolve(),
    );
  });
}
