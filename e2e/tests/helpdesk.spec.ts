import type { Page } from '@playwright/test';
import { checkScreen, createCustomer, expect, login, shoot, test } from '../fixtures.ts';

const TEXT = {
  nl: {
    overview: 'Overzicht',
    addresses: 'Adressen',
    addressTitle: 'Contactadressen',
    mailing: 'Mailvoorkeuren',
    invoices: 'Facturen',
    name: /^Naam/,
    email: /^E-mailadres/,
    street: /^Straat/,
    number: /^Huisnummer/,
    zipcode: /^Postcode/,
    city: /^Plaats/,
    phone: /^Telefoonnummer/,
    saveAddress: 'Adres opslaan',
    badZipcode: /^Postcode is geen postcode van het gekozen land/,
    complete: 'Compleet',
    blog: 'Blog en nieuws',
    saveMailing: 'Voorkeuren opslaan',
    noInvoices: 'Er zijn nog geen facturen.',
  },
  en: {
    overview: 'Overview',
    addresses: 'Addresses',
    addressTitle: 'Contact addresses',
    mailing: 'Mailing preferences',
    invoices: 'Invoices',
    name: /^Name/,
    email: /^E-mail address/,
    street: /^Street/,
    number: /^House number/,
    zipcode: /^Postcode/,
    city: /^City/,
    phone: /^Phone number/,
    saveAddress: 'Save address',
    badZipcode: /^Postcode is not a postcode of the chosen country/,
    complete: 'Complete',
    blog: 'Blog and news',
    saveMailing: 'Save preferences',
    noInvoices: 'There are no invoices yet.',
  },
} as const;

/** One paid order on Haven's test checkout, so the customer has an invoice. */
async function orderPremium(page: Page, domain: string): Promise<void> {
  await page.goto(`/upgrade/${domain}`);
  const hosting = page.getByRole('article', { name: 'Premium hosting' });
  await hosting.getByRole('button', { name: 'Toevoegen' }).click();
  await page
    .getByRole('complementary', { name: 'Winkelwagen' })
    .getByRole('link', { name: 'Naar de winkelwagen' })
    .click();
  await page
    .getByRole('region', { name: 'Winkelwagen' })
    .getByRole('button', { name: 'Afrekenen' })
    .click();
  await page.getByRole('button', { name: 'Betalen' }).click();
  const popup = page.getByRole('dialog', { name: 'Betaling gelukt' });
  await expect(popup).toBeVisible();
  // The result stays until it is closed (a reload does not bring it back).
  await popup.getByRole('button', { name: 'Sluiten' }).click();
  await expect(popup).toHaveCount(0);
}

for (const lang of ['nl', 'en'] as const) {
  test(`helpdesk: overview, edit an address, mailing preferences, invoices (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const x = TEXT[lang];
    const c = createCustomer();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);
    // The shop's wizard is driven in Dutch only (its texts are the shop spec's); one order is enough.
    if (lang === 'nl') await orderPremium(page, c.domain);

    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: /Hoofdmenu|Main menu/ })
      .getByRole('link', { name: 'Helpdesk' })
      .click();
    await expect(page).toHaveURL(/\/helpdesk\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: x.overview })).toBeVisible();
    await checkScreen(page);
    await shoot(page, `helpdesk-overview-${lang}`, { axe: true });

    // Addresses: one per domain, incomplete; a bad postcode is refused on the field.
    const tabs = page.getByRole('navigation', { name: /helpdesk/i });
    await tabs.getByRole('link', { name: x.addresses }).click();
    await expect(page.getByRole('heading', { level: 1, name: x.addressTitle })).toBeVisible();
    await checkScreen(page);
    await page.getByRole('link', { name: c.domain }).click();
    await expect(page).toHaveURL(/\/helpdesk\/address\/\d+$/);
    await page.getByRole('textbox', { name: x.name }).fill('Eva Jansen');
    await page.getByRole('textbox', { name: x.email }).fill(`eva@${c.domain}`);
    await page.getByRole('textbox', { name: x.street }).fill('Oudegracht');
    await page.getByRole('textbox', { name: x.number }).fill('12a');
    await page.getByRole('textbox', { name: x.zipcode }).fill('0123 AB');
    await page.getByRole('textbox', { name: x.city }).fill('Utrecht');
    await page.getByRole('textbox', { name: x.phone }).fill('030 123 4567');
    await page.getByRole('button', { name: x.saveAddress }).click();
    await expect(page.getByText(x.badZipcode)).toBeVisible();
    await checkScreen(page);
    await shoot(page, `helpdesk-address-edit-${lang}`, { axe: true });
    await page.getByRole('textbox', { name: x.zipcode }).fill('3511ab');
    await page.getByRole('button', { name: x.saveAddress }).click();
    await expect(page).toHaveURL(/\/helpdesk\/address$/);
    await expect(page.getByText('3511 AB Utrecht')).toBeVisible();
    await expect(page.getByText(x.complete, { exact: true })).toBeVisible();
    await checkScreen(page);
    await shoot(page, `helpdesk-address-list-${lang}`, { axe: true });

    // Mailing: switch on blog and news, save, and find it saved after a reload.
    await tabs.getByRole('link', { name: x.mailing }).click();
    const blog = page.getByRole('switch', { name: new RegExp(x.blog) });
    await expect(blog).not.toBeChecked();
    await blog.click();
    await expect(blog).toBeChecked();
    await page.getByRole('button', { name: x.saveMailing }).click();
    await checkScreen(page);
    await shoot(page, `helpdesk-mailing-${lang}`, { axe: true });
    await page.reload();
    await expect(page.getByRole('switch', { name: new RegExp(x.blog) })).toBeChecked();

    // Invoices: the shop's, with the PDF.
    await page
      .getByRole('navigation', { name: /helpdesk/i })
      .getByRole('link', { name: x.invoices })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: x.invoices })).toBeVisible();
    if (lang === 'nl') {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /Factuur .* downloaden/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^factuur-\d{4}-\d+\.pdf$/);
      const path = await file.path();
      const { readFile } = await import('node:fs/promises');
      expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
    } else {
      await expect(page.getByText(x.noInvoices)).toBeVisible();
    }
    await checkScreen(page);
    await shoot(page, `helpdesk-invoice-${lang}`, { axe: true });
  });
}
