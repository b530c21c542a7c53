import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { checkScreen, createCustomer, expect, login, screen, shoot, test } from '../fixtures.ts';

/** The texts the steps look for, per interface language. */
const TEXT = {
  nl: {
    nav: 'Webhosting',
    subdomains: 'Subdomeinen',
    addSubdomain: 'Subdomein toevoegen',
    name: /^Naam/,
    php: 'PHP-versie',
    noPhp: 'Geen PHP (alleen statische bestanden)',
    ftp: /^Webgebruiker/,
    other: 'Nieuwe webgebruiker…',
    ftpName: /^Naam van de nieuwe webgebruiker/,
    ftpPassword: /^Wachtwoord van de nieuwe webgebruiker/,
    ftpRepeat: /^Herhaal het wachtwoord/,
    save: 'Opslaan',
    saved: 'De instellingen zijn opgeslagen.',
    saveIni: 'PHP-instellingen opslaan',
    iniSaved: 'De PHP-instellingen zijn opgeslagen.',
    postRaised: 'Wordt 65M bij opslaan, zodat een upload van upload_max_filesize past.',
    dirs: 'Beveiligde mappen',
    protect: 'Map beveiligen',
    protectSubmit: 'Map beveiligen',
    dir: /^Map/,
    description: /^Omschrijving/,
    addUser: 'Gebruiker toevoegen',
    userName: /^Gebruikersnaam/,
    password: /^Wachtwoord/,
    repeat: /^Herhaal wachtwoord/,
    webusers: 'Webgebruikers',
    addWebuser: 'Webgebruiker toevoegen',
    delete: 'Verwijderen',
    deleted: /is verwijderd/,
    cancel: 'Annuleren',
    badSize: 'Vul een grootte in zoals 128M, 1G of een aantal bytes (tot en met 2048M).',
    noZone: 'Geen tijdzone gevonden',
    ftpOf: (sub: string) => `Het is de webgebruiker van subdomein ${sub}`,
    deleteTitle: (name: string) => `${name} verwijderen?`,
    exists: 'Dit subdomein bestaat al.',
  },
  en: {
    nav: 'Web hosting',
    subdomains: 'Subdomains',
    addSubdomain: 'Add subdomain',
    name: /^Name/,
    php: 'PHP version',
    noPhp: 'No PHP (static files only)',
    ftp: /^Web user/,
    other: 'New web user…',
    ftpName: /^Name of the new web user/,
    ftpPassword: /^Password of the new web user/,
    ftpRepeat: /^Repeat the password/,
    save: 'Save',
    saved: 'The settings have been saved.',
    saveIni: 'Save PHP settings',
    iniSaved: 'The PHP settings have been saved.',
    postRaised: 'Becomes 65M when you save, so an upload of upload_max_filesize fits.',
    dirs: 'Protected directories',
    protect: 'Protect a directory',
    protectSubmit: 'Protect directory',
    dir: /^Directory/,
    description: /^Description/,
    addUser: 'Add user',
    userName: /^User name/,
    password: /^Password/,
    repeat: /^Repeat password/,
    webusers: 'Web users',
    addWebuser: 'Add web user',
    delete: 'Delete',
    deleted: /has been deleted/,
    cancel: 'Cancel',
    badSize: 'Enter a size such as 128M, 1G or a number of bytes (at most 2048M).',
    noZone: 'No time zone found',
    ftpOf: (sub: string) => `It is the web user of subdomain ${sub}`,
    deleteTitle: (name: string) => `Delete ${name}?`,
    exists: 'This subdomain already exists.',
  },
} as const;

async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['nl', 'en'] as const) {
  test(`webhosting: subdomain with own FTP user, PHP and ini, protected directory, web users (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const x = TEXT[lang];
    const tag = randomBytes(3).toString('hex');
    const c = createCustomer();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);

    // The container opens on the subdomain list; www exists from the start.
    await page
      .getByRole('navigation', { name: /Hoofdmenu|Main menu/ })
      .getByRole('link', { name: x.nav })
      .click();
    await expect(page).toHaveURL(new RegExp(`/webhosting/${c.domain}/subdomain$`));
    await expect(page.getByRole('heading', { level: 1, name: x.subdomains })).toBeVisible();
    await expect(page.getByRole('link', { name: `www.${c.domain}` })).toBeVisible();
    await checkScreen(page, { x: 1, y: 790 });
    await screen(page, `webhosting-subdomains-${lang}`);

    // Add a subdomain with its own FTP user, on the newest PHP the server has.
    await page.getByRole('link', { name: x.addSubdomain }).click();
    await expect(page.getByRole('textbox', { name: x.php })).toHaveValue(/^PHP \d/);
    await page.getByRole('textbox', { name: x.name }).first().fill('shop');
    await choose(page, x.ftp, x.other);
    await page.getByRole('textbox', { name: x.ftpName }).fill(`shop${tag}`);
    await page.getByLabel(x.ftpPassword).fill('Shop-ftp-2024!x');
    await page.getByLabel(x.ftpRepeat).fill('Shop-ftp-2024!x');
    await checkScreen(page, { x: 1, y: 790 });
    await screen(page, `webhosting-subdomain-add-${lang}`);
    await page.getByRole('button', { name: x.addSubdomain }).click();
    await expect(page).toHaveURL(new RegExp(`/subdomain/shop$`));
    await expect(page.getByRole('heading', { level: 1, name: `shop.${c.domain}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: x.ftp })).toHaveValue(`shop${tag}`);
    const newest = await page.getByRole('textbox', { name: x.php }).inputValue();

    // Change the PHP version (static and back: the server may have one version only) and an ini value.
    await choose(page, x.php, x.noPhp);
    await page.getByRole('button', { name: x.save, exact: true }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'memory_limit' })).toHaveCount(0);
    await choose(page, x.php, newest);
    await page.getByRole('button', { name: x.save, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'memory_limit' })).toBeVisible();
    await page.getByRole('textbox', { name: 'memory_limit' }).fill('256M');
    // A larger upload size takes post_max_size with it (PHP drops a larger POST): the form says so.
    await page.getByRole('textbox', { name: 'upload_max_filesize' }).fill('64M');
    await expect(page.getByText(x.postRaised)).toBeVisible();
    await checkScreen(page, { x: 1, y: 790 });
    await shoot(page, `webhosting-ini-upload-${lang}`);
    await page.getByRole('button', { name: x.saveIni }).click();
    await expect(page.getByText(x.iniSaved)).toBeVisible();
    await checkScreen(page, { x: 1, y: 790 });
    await screen(page, `webhosting-subdomain-detail-${lang}`);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'memory_limit' })).toHaveValue('256M');
    await expect(page.getByRole('textbox', { name: 'post_max_size' })).toHaveValue('65M');
    await expect(page.getByRole('textbox', { name: x.php })).toHaveValue(newest);

    // Values PHP would not take are refused on their field; the time zone comes from the list.
    await page.getByRole('textbox', { name: 'memory_limit' }).fill('1.5G');
    await page.getByRole('button', { name: x.saveIni }).click();
    await expect(page.getByText(x.badSize)).toBeVisible();
    await page.getByRole('textbox', { name: 'memory_limit' }).fill('256M');
    const zone = page.getByRole('textbox', { name: 'date.timezone' });
    await zone.fill('Mars/Olympus');
    await expect(page.getByText(x.noZone)).toBeVisible();
    await zone.fill('Europe/Amst');
    await page.getByRole('option', { name: 'Europe/Amsterdam' }).click();
    await page.getByRole('button', { name: x.saveIni }).click();
    await expect(page.getByText(x.iniSaved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'date.timezone' })).toHaveValue(
      'Europe/Amsterdam',
    );

    // The same name again is refused with the catalogue's text.
    await page.goto(`/webhosting/${c.domain}/subdomain/add`);
    await page.getByRole('textbox', { name: x.name }).first().fill('shop');
    await page.getByRole('button', { name: x.addSubdomain }).click();
    await expect(page.getByText(x.exists)).toBeVisible();

    // Protect a directory of the new subdomain and add a user.
    await page
      .getByRole('navigation', { name: /Webhosting|Web hosting/ })
      .getByRole('link', { name: x.dirs })
      .click();
    await page.getByRole('link', { name: x.protect }).click();
    await choose(page, /^Subdomein|^Subdomain/, `shop.${c.domain}`);
    await page.getByRole('textbox', { name: x.dir }).fill('beheer');
    await page.getByRole('textbox', { name: x.description }).fill('Alleen beheer');
    await checkScreen(page, { x: 1, y: 790 });
    await page.getByRole('button', { name: x.protectSubmit }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `shop.${c.domain}/beheer` }),
    ).toBeVisible();
    await page.getByRole('link', { name: x.addUser }).click();
    await page.getByRole('textbox', { name: x.userName }).fill('jan');
    await page.getByLabel(x.password).first().fill('Beheer-pass-24!');
    await page.getByLabel(x.repeat).fill('Beheer-pass-24!');
    await screen(page, `webhosting-protected-user-add-${lang}`);
    await page.getByRole('button', { name: x.addUser }).click();
    await expect(page.getByRole('link', { name: 'jan', exact: true })).toBeVisible();
    await checkScreen(page, { x: 1, y: 790 });
    await screen(page, `webhosting-protected-detail-${lang}`);

    // Add a web user, then delete it after confirming.
    await page
      .getByRole('navigation', { name: /Webhosting|Web hosting/ })
      .getByRole('link', { name: x.webusers })
      .click();
    await expect(page.getByRole('link', { name: `shop${tag}` })).toBeVisible();

    // Deleting the subdomain's FTP account says which subdomain loses it (here: cancelled).
    await page.getByRole('link', { name: `shop${tag}` }).click();
    await page.getByRole('button', { name: x.delete }).click();
    const ask = page.getByRole('dialog', { name: x.deleteTitle(`shop${tag}`) });
    await expect(ask).toContainText(x.ftpOf(`shop.${c.domain}`));
    await screen(page, `webhosting-webuser-delete-${lang}`);
    await ask.getByRole('button', { name: x.cancel }).click();
    await page.goBack();
    await page.getByRole('link', { name: x.addWebuser }).click();
    await page.getByRole('textbox', { name: x.userName }).fill(`web${tag}`);
    await page.getByLabel(x.password).first().fill('Webuser-2024!x');
    await page.getByLabel(x.repeat).fill('Webuser-2024!x');
    await page.getByRole('button', { name: x.addWebuser }).click();
    await expect(page).toHaveURL(/\/web-user$/);
    await checkScreen(page, { x: 1, y: 790 });
    await screen(page, `webhosting-webusers-${lang}`);
    await page.getByRole('link', { name: `web${tag}` }).click();
    await page.getByRole('button', { name: x.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: x.delete }).click();
    await expect(page.getByText(x.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/web-user$/);
    await expect(page.getByRole('link', { name: `web${tag}` })).toHaveCount(0);

    // At phone width the container's navigation and the list still fit.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/webhosting/${c.domain}/subdomain`);
    await expect(page.getByRole('link', { name: `shop.${c.domain}` })).toBeVisible();
    await screen(page, `webhosting-subdomains-360-${lang}`);
    await page.goto(`/webhosting/${c.domain}/subdomain/shop`);
    await expect(page.getByRole('textbox', { name: 'memory_limit' })).toBeVisible();
    await screen(page, `webhosting-subdomain-detail-360-${lang}`);
    await page.goto(`/webhosting/${c.domain}/subdomain/add`);
    await choose(page, x.ftp, x.other);
    await screen(page, `webhosting-subdomain-add-360-${lang}`);
  });
}
