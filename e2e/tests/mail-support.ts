import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../env.ts';
import {
  createCustomer,
  login,
  resize,
  screen,
  settle,
  shoot,
  type Customer,
} from '../fixtures.ts';

/** What the mail journeys (mail.spec.ts, mail-domain.spec.ts) share: texts, files, helpers. */
export const TEXT = {
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
export type Text = (typeof TEXT)[keyof typeof TEXT];

export const PW = 'Post-bode-2026!x';

/** `info@<domain>` made over the API with the page's session (its own journey is mail.spec). */
export async function createInfoMailbox(page: Page, domain: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('user-token'));
  const res = await page.request.post(`/api/${domain}/mail/account/address`, {
    headers: { authorization: `Bearer ${token ?? ''}` },
    data: {
      name: 'info',
      password: PW,
      passwordRepeat: PW,
      forwarding: { address: [] },
      alias: [],
    },
  });
  if (res.status() !== 200) throw new Error(`mailbox not made: ${await res.text()}`);
}
const dataFile = (...parts: string[]) => readFile(join(E2E_DATA_DIR ?? '', ...parts), 'utf8');
/** The Postfix alias map and a mailbox's Sieve script, as the panel wrote them. */
export const aliases = () => dataFile('mail', 'maps', 'aliases');
export const sieve = (domain: string) =>
  dataFile('mail', 'boxes', domain, 'info', 'sieve', 'active.sieve');

/** Pictures for people to look at: the page at rest, from its top, no control focused. */
export async function picture(page: Page, name: string, phone = false): Promise<void> {
  await settle(page);
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  await (phone ? screen(page, `${name}-360`) : shoot(page, name));
}

/** A list field: each value typed and taken with Enter. */
export async function addToList(page: Page, label: RegExp, values: string[]): Promise<void> {
  const field = page.getByRole('textbox', { name: label });
  for (const value of values) {
    await field.fill(value);
    await field.press('Enter');
  }
}

/** Each journey runs in nl at desktop and in en on a 360 px phone. */
export const JOURNEYS = [
  { lang: 'nl', phone: false, where: 'nl, desktop' },
  { lang: 'en', phone: true, where: 'en, 360 px' },
] as const;

/** A fresh customer made by the CLI, logged in, in the journey's language and width. */
export async function start(
  page: Page,
  journey: (typeof JOURNEYS)[number],
): Promise<Customer & { x: Text }> {
  const c = createCustomer();
  const { lang } = journey;
  if (lang !== 'nl') await page.addInitScript((l) => localStorage.setItem('language', l), lang);
  if (journey.phone) await resize(page, 360, 760);
  await login(page, c);
  return { ...c, x: TEXT[lang] };
}
