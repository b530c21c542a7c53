import type { Page } from '@playwright/test';
import { checkScreen, createCustomer, expect, login, shoot, test } from '../fixtures.ts';

const TEXT = {
  nl: {
    title: 'Webapps',
    add: 'Webapp installeren',
    empty: 'Je hebt nog geen webapps geïnstalleerd.',
    package: /^Pakket en versie/,
    subdomain: /^Subdomein/,
    folder: /^Installatiemap/,
    siteTitle: /^Titel van de site/,
    email: /^E-mailadres beheerder/,
    username: /^Gebruikersnaam beheerder/,
    password: /^Wachtwoord beheerder/,
    repeat: /^Herhaal wachtwoord beheerder/,
    submit: 'Installeren',
    installing: 'De webapp wordt geïnstalleerd…',
    openSite: 'Site openen',
    delete: 'Verwijderen',
    mainSite: (domain: string) => `${domain} (hoofdsite)`,
    mainSiteListed: 'hoofdsite (www)',
    languageHint: 'De site wordt in het Nederlands geïnstalleerd, net als dit panel.',
    siteLang: 'nl-NL',
  },
  en: {
    title: 'Web apps',
    add: 'Install a web app',
    empty: 'No web apps installed yet.',
    package: /^Package and version/,
    subdomain: /^Subdomain/,
    folder: /^Install folder/,
    siteTitle: /^Site title/,
    email: /^Admin e-mail address/,
    username: /^Admin username/,
    password: /^Admin password/,
    repeat: /^Repeat admin password/,
    submit: 'Install',
    installing: 'Installing the web app…',
    openSite: 'Open site',
    delete: 'Delete',
    mainSite: (domain: string) => `${domain} (main site)`,
    mainSiteListed: 'main site (www)',
    languageHint: 'The site is installed in English, as this panel.',
    siteLang: 'en-US',
  },
} as const;
const PW = 'Wp-admin-Pass-2024!';

/** The check of each screen, then its pictures at both widths. */
async function check(page: Page, name: string): Promise<void> {
  await checkScreen(page);
  await shoot(page, name, { axe: true });
}

/** A subdomain through the panel's own API, as the subdomain screen would make it. */
async function addSubdomain(page: Page, domain: string, name: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('user-token'));
  const res = await page.request.post(`/api/${domain}/webhosting/subdomain`, {
    headers: { authorization: `Bearer ${token ?? ''}` },
    data: { name, phpHandlerId: null, ftpAccount: null },
  });
  expect(res.status(), await res.text()).toBe(200);
}

for (const lang of ['nl', 'en'] as const) {
  // nl on the domain's main site, en on a subdomain; the site's language follows the panel's.
  test(`web apps: install WordPress, follow progress, list, open, delete (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const x = TEXT[lang];
    const c = createCustomer();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);
    await addSubdomain(page, c.domain, 'blog');
    await page.goto(`/webhosting/${c.domain}/webapp`);
    await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
    await expect(page.getByText(x.empty)).toBeVisible();
    await check(page, `webapps-list-empty-${lang}`);

    await page.getByRole('link', { name: x.add }).click();
    await page.getByRole('textbox', { name: x.package }).click();
    await page.getByRole('option', { name: 'WordPress 6.1.9' }).click();
    await expect(page.getByText(x.languageHint)).toBeVisible();
    const onMain = lang === 'nl';
    const host = onMain ? c.domain : `blog.${c.domain}`;
    // The main site is its own choice, chosen first; www is not offered as a subdomain (specs).
    await expect(page.getByRole('textbox', { name: x.subdomain })).toHaveValue(
      x.mainSite(c.domain),
    );
    await page.getByRole('textbox', { name: x.subdomain }).click();
    await expect(page.getByRole('option')).toHaveText([x.mainSite(c.domain), `blog.${c.domain}`]);
    await page
      .getByRole('option', { name: onMain ? x.mainSite(c.domain) : `blog.${c.domain}` })
      .click();
    await page.getByRole('textbox', { name: x.folder }).fill('site');
    await page.getByRole('textbox', { name: x.siteTitle }).fill(`E2E blog ${lang}`);
    await page.getByRole('textbox', { name: x.email }).fill(`admin@${c.domain}`);
    await page.getByRole('textbox', { name: x.username }).fill('beheerder');
    await page.getByLabel(x.password).first().fill(PW);
    await page.getByLabel(x.repeat).fill(PW);
    await check(page, `webapps-add-${lang}`);
    await page.getByRole('button', { name: x.submit }).click();
    await expect(page.getByText(x.installing)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/webhosting/${c.domain}/webapp$`), {
      timeout: 120_000,
    });
    const row = page.getByRole('listitem').filter({ hasText: 'WordPress 6.1.9' });
    await expect(row).toBeVisible();
    const site = row.getByRole('link', { name: x.openSite });
    await expect(site).toHaveAttribute('href', `http://${host}/site/`);
    if (onMain) await expect(row.getByText(x.mainSiteListed)).toBeVisible();
    await check(page, `webapps-list-${lang}`);

    // The site itself, where the local hosting node serves it (HAVEN_SERVICES=on).
    if (process.env.HAVEN_SERVICES === 'on') {
      const web = new URL(page.url());
      web.port = String(Number(web.port) + 1);
      const front = await page.request.get(`${web.origin}/site/`, { headers: { host } });
      const html = await front.text();
      expect(html).toContain(`E2E blog ${lang}`);
      expect(html).toContain(`lang="${x.siteLang}"`);
    }

    await row.getByRole('button', { name: new RegExp(x.delete, 'i') }).click();
    await page.getByRole('dialog').getByRole('button', { name: x.delete }).click();
    await expect(page.getByText(x.empty)).toBeVisible({ timeout: 20_000 });
  });
}
