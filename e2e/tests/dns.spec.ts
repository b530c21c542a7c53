import type { Page } from '@playwright/test';
import {
  createCustomer,
  expect,
  expectAccessible,
  login,
  resize,
  screen,
  test,
} from '../fixtures.ts';

/**
 * DNS screens against the real server (local profile: BIND zone files): add, edit and delete
 * records, the MX prerequisite, an SRV, a refused value and a reset to the defaults, in nl and en.
 */

const TEXT = {
  nl: {
    add: 'Record toevoegen',
    type: /^Soort record/,
    name: /^Naam/,
    ipv4: /^IPv4-adres/,
    mail: /^Mailserver/,
    submit: 'Toevoegen',
    save: 'Opslaan',
    delete: 'Verwijderen',
    badIpv4: 'Vul een geldig IPv4-adres in, bijvoorbeeld 192.0.2.10',
    mxType: 'MX (e-mail)',
    srvType: 'SRV (dienst)',
    reset: 'Standaardinstellingen herstellen',
    resetConfirm: 'Herstellen',
    edit: (n: string) => `A ${n} bewerken`,
    remove: (n: string) => `A ${n} verwijderen`,
    mxField: 'Deze mailserver heeft nog geen A- of CNAME-record in dit domein',
    forwardBlocked: 'Websitedoorverwijzing (nu niet mogelijk)',
    forwardWhy: /Een websitedoorverwijzing kan alleen als er geen A-, AAAA- of hostingrecords/,
    duplicate: 'Dit record bestaat al.',
    deleteTitle: (n: string) => `A ${n} 192.0.2.16 verwijderen?`,
    keepSubdomain: 'Dit record blijft staan omdat een subdomein het nodig heeft:',
    removeOne: 'Dit record wordt verwijderd:',
  },
  en: {
    add: 'Add record',
    type: /^Record type/,
    name: /^Name/,
    ipv4: /^IPv4 address/,
    mail: /^Mail server/,
    submit: 'Add',
    save: 'Save',
    delete: 'Delete',
    badIpv4: 'Enter a valid IPv4 address, for example 192.0.2.10',
    mxType: 'MX (email)',
    srvType: 'SRV (service)',
    reset: 'Restore defaults',
    resetConfirm: 'Restore',
    edit: (n: string) => `Edit A ${n}`,
    remove: (n: string) => `Delete A ${n}`,
    mxField: 'This mail server has no A or CNAME record in this domain yet',
    forwardBlocked: 'Website forward (not possible now)',
    forwardWhy: /A website forward is only possible when no A, AAAA or hosting records/,
    duplicate: 'This record already exists.',
    deleteTitle: (n: string) => `Delete A ${n} 192.0.2.16?`,
    keepSubdomain: 'This record stays because a subdomain needs it:',
    removeOne: 'This record will be deleted:',
  },
} as const;

type Lang = keyof typeof TEXT;

async function chooseType(page: Page, lang: Lang, label: string) {
  await page.getByRole('textbox', { name: TEXT[lang].type }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function addA(page: Page, lang: Lang, host: string, ip: string) {
  const s = TEXT[lang];
  await page.getByRole('link', { name: s.add }).click();
  await page.getByRole('textbox', { name: s.name }).fill(host);
  await page.getByRole('textbox', { name: s.ipv4 }).fill(ip);
  await page.getByRole('button', { name: s.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/dns$/);
}

for (const lang of ['nl', 'en'] as const) {
  test(`DNS records: add, edit, delete, refuse, reset (${lang})`, async ({ page }) => {
    const s = TEXT[lang];
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('language', 'en'));
    const c = createCustomer();
    await login(page, c);
    await page.goto(`/webhosting/${c.domain}/dns`);
    await expect(page.getByText('mail.haven.test').first()).toBeVisible();
    await expectAccessible(page);
    await screen(page, `dns-list-${lang}-desktop`);

    // A refused value shows the field's message; nothing is sent.
    await page.getByRole('link', { name: s.add }).click();
    await page.getByRole('textbox', { name: s.ipv4 }).fill('300.1.1.1');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await expect(page.getByText(s.badIpv4)).toBeVisible();
    await expectAccessible(page);
    await screen(page, `dns-add-error-${lang}-desktop`);

    // The MX prerequisite: an in-zone mail host needs an address record first. The server's
    // refusal names the field, so it shows there, translated, and not again as an alert.
    await chooseType(page, lang, s.mxType);
    await page.getByRole('textbox', { name: s.mail }).fill('kassa');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await expect(page.getByText(s.mxField)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The website forward cannot be added beside the hosting records: choosing it says why.
    await chooseType(page, lang, s.forwardBlocked);
    await expect(page.getByRole('note').filter({ hasText: s.forwardWhy })).toBeVisible();
    await expect(page.getByRole('button', { name: s.submit, exact: true })).toBeDisabled();
    await expectAccessible(page);
    await screen(page, `dns-add-forward-${lang}-desktop`);
    await page.goto(`/webhosting/${c.domain}/dns`);

    await addA(page, lang, 'kassa', '192.0.2.15');
    const kassa = `kassa.${c.domain}`;
    await expect(page.getByText('192.0.2.15')).toBeVisible();

    // The same record again: the catalogue's sentence, not the code.
    await page.getByRole('link', { name: s.add }).click();
    await page.getByRole('textbox', { name: s.name }).fill('kassa');
    await page.getByRole('textbox', { name: s.ipv4 }).fill('192.0.2.15');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    // Only the form's alert (a toast of the earlier add may still be there).
    await expect(page.locator('form').getByRole('alert')).toHaveText(s.duplicate);
    await page.goto(`/webhosting/${c.domain}/dns`);

    await page.getByRole('link', { name: s.add }).click();
    await chooseType(page, lang, s.mxType);
    await page.getByRole('textbox', { name: s.mail }).fill('kassa');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/dns$/);
    await expect(page.getByText(`10 ${kassa}`)).toBeVisible();

    await page.getByRole('link', { name: s.add }).click();
    await chooseType(page, lang, s.srvType);
    await page.getByRole('textbox', { name: lang === 'nl' ? /^Dienst/ : /^Service/ }).fill('sip');
    await page.getByRole('textbox', { name: lang === 'nl' ? /^Poort/ : /^Port/ }).fill('5060');
    await page
      .getByRole('textbox', { name: lang === 'nl' ? /^Doel/ : /^Target/ })
      .fill('sip.example.org');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/dns$/);
    await expect(page.getByText('10 0 5060 sip.example.org')).toBeVisible();

    // Edit in the dialog (toasts gone first: the check is about the dialog).
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await page.getByRole('button', { name: s.edit(kassa) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: s.ipv4 }).fill('192.0.2.16');
    // The pointer off the dialog: a hovered primary button is the theme's matter (webhosting.spec.ts).
    await page.mouse.move(1, 790);
    await expectAccessible(page);
    await screen(page, `dns-edit-${lang}-desktop`);
    await dialog.getByRole('button', { name: s.save }).click();
    await expect(page.getByText('192.0.2.16')).toBeVisible();
    await expect(page.getByText('192.0.2.15')).toHaveCount(0);

    await resize(page, 360, 800);
    await screen(page, `dns-list-${lang}-360`);
    await resize(page, 1280, 800);

    // Delete after confirmation.
    await page.getByRole('button', { name: s.remove(kassa) }).click();
    const confirm = page.getByRole('dialog', { name: s.deleteTitle(kassa) });
    await expect(confirm).toBeVisible();
    await screen(page, `dns-delete-${lang}-desktop`);
    await confirm.getByRole('button', { name: s.delete }).click();
    await expect(page.getByText('192.0.2.16')).toHaveCount(0);

    // A subdomain's name is served by a HOST record Haven adds; a reset keeps it.
    const token = await page.evaluate(() => localStorage.getItem('user-token'));
    const made = await page.request.post(`/api/${c.domain}/webhosting/subdomain`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'shop', phpHandlerId: null, ftpAccount: null },
    });
    expect(made.status(), await made.text()).toBe(200);
    await page.reload();
    const shop = `shop.${c.domain}`;
    await expect(page.getByText(shop)).toBeVisible();

    // Reset: the confirmation lists what goes and what stays for the subdomain; afterwards the
    // SRV is gone and the subdomain's name is still served.
    await page.getByRole('button', { name: s.reset }).click();
    const reset = page.getByRole('dialog');
    await expect(reset).toContainText('sip.example.org');
    await expect(reset).toContainText(s.keepSubdomain);
    await expect(reset.getByRole('listitem').filter({ hasText: `HOST ${shop}` })).toBeVisible();
    await expectAccessible(page);
    await screen(page, `dns-reset-${lang}-desktop`);
    await resize(page, 360, 800);
    await screen(page, `dns-reset-${lang}-360`);
    await resize(page, 1280, 800);
    await reset.getByRole('button', { name: s.resetConfirm, exact: true }).click();
    await expect(page.getByText('10 0 5060 sip.example.org')).toHaveCount(0);
    await expect(page.getByText(`10 ${kassa}`)).toHaveCount(0);
    await expect(page.getByText(shop)).toBeVisible();

    await resize(page, 360, 800);
    await page.getByRole('link', { name: s.add }).click();
    await chooseType(page, lang, s.srvType);
    await screen(page, `dns-add-srv-${lang}-360`);
  });
}
