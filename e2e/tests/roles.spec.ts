import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  haven,
  login,
  resize,
  screen,
  test,
  type Customer,
} from '../fixtures.ts';

/**
 * A new customer with one domain of the given package and one login of the given type; `bare`
 * adds a second domain without hosting.
 */
function customerWith(
  pkg: 'DOMAIN' | 'HOSTING',
  type: 'HOSTING' | 'DOMAIN' | 'EMAIL',
  bare?: string,
): Customer {
  const tag = randomBytes(4).toString('hex');
  const domain = `e2e-${tag}.test`;
  const out = haven('customer:create', '--name', `E2E ${tag}`, '--email', `owner@${domain}`);
  const id = /customer (\d+) created/.exec(out)?.[1];
  if (!id) throw new Error(`unexpected CLI output: ${out}`);
  haven('domain:add', '--customer', id, '--domain', domain, '--package', pkg);
  if (bare) haven('domain:add', '--customer', id, '--domain', bare, '--package', 'DOMAIN');
  const username = type === 'EMAIL' ? 'info' : 'beheer';
  const password = `Haven-${randomBytes(6).toString('base64url')}-9!`;
  haven(
    'login:add',
    '--domain',
    domain,
    '--username',
    username,
    '--type',
    type,
    '--email',
    `${username}@${domain}`,
    '--name',
    'Eva Jansen',
    '--password',
    password,
    '--primary',
  );
  return { domain, username, password };
}

const TEXT = {
  nl: {
    username: /gebruikersnaam/i,
    password: /^wachtwoord/i,
    login: /inloggen/i,
    nav: 'Hoofdmenu',
    openMenu: 'Menu openen',
    notForPackage: 'Hoort niet bij je pakket',
  },
  en: {
    username: /username/i,
    password: /^password/i,
    login: /log in/i,
    nav: 'Main menu',
    openMenu: 'Open menu',
    notForPackage: 'Not part of your package',
  },
} as const;

/** Per login type: its package, where it lands, its navigation, and an address not for it. */
const ROLES = [
  {
    type: 'HOSTING',
    pkg: 'HOSTING',
    lands: () => /\/dashboard$/,
    nav: {
      nl: [
        'Dashboard',
        'Wachtwoord wijzigen',
        'Webhosting',
        'E-mail',
        'SiteBuilder',
        'Uitbreiden',
        'Helpdesk',
      ],
      en: [
        'Dashboard',
        'Change password',
        'Web hosting',
        'E-mail',
        'SiteBuilder',
        'Upgrade',
        'Helpdesk',
      ],
    },
    // Its own second domain has no hosting: no subdomains there, and its navigation has DNS.
    refused: (_: string, bare: string) => `/webhosting/${bare}/subdomain/add`,
    navThere: {
      nl: ['Dashboard', 'Wachtwoord wijzigen', 'DNS', 'E-mail', 'Uitbreiden', 'Helpdesk'],
      en: ['Dashboard', 'Change password', 'DNS', 'E-mail', 'Upgrade', 'Helpdesk'],
    },
  },
  {
    type: 'DOMAIN',
    pkg: 'DOMAIN',
    lands: () => /\/dashboard$/,
    nav: {
      nl: ['Dashboard', 'Wachtwoord wijzigen', 'DNS', 'E-mail', 'Uitbreiden', 'Helpdesk'],
      en: ['Dashboard', 'Change password', 'DNS', 'E-mail', 'Upgrade', 'Helpdesk'],
    },
    refused: (domain: string) => `/sitebuilder/${domain}`,
  },
  {
    type: 'EMAIL',
    pkg: 'HOSTING',
    lands: (domain: string) => new RegExp(`/account/${domain.replaceAll('.', '\\.')}$`),
    nav: {
      nl: ['Dashboard', 'Wachtwoord wijzigen'],
      en: ['Dashboard', 'Change password'],
    },
    refused: (domain: string) => `/webhosting/${domain}/dns`,
    // A mailbox's login is told it is not its mailbox's, not that the package lacks it.
    refusedTitle: { nl: 'Hoort niet bij je mailbox', en: 'Not part of your mailbox' },
  },
] as const;

const mainNav = (page: Page, name = 'Hoofdmenu') => page.getByRole('navigation', { name });

test.describe('roles: the login type and the package decide what a user sees', () => {
  test('a DOMAIN login has DNS and nothing of webhosting', async ({ page }) => {
    const customer = customerWith('DOMAIN', 'DOMAIN');
    await login(page, customer);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'DNS' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Webhosting' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'DNS' }).click();
    await expect(page).toHaveURL(`/webhosting/${customer.domain}/dns`);
    await expect(page.getByRole('heading', { level: 1, name: 'DNS' })).toBeVisible();
    // No tabs for one section: a domain without hosting has only its DNS here.
    await expect(page.getByRole('navigation', { name: 'Webhosting' })).toHaveCount(0);
    await expectAccessible(page);
    await screen(page, 'roles-domain-dns-nl-desktop');

    // A typed webhosting address shows one clear page, not a form that fails.
    await page.goto(`/webhosting/${customer.domain}/web-user/add`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Hoort niet bij je pakket' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Webgebruiker toevoegen' })).toHaveCount(0);
    await expectAccessible(page);
    await screen(page, 'roles-not-for-package-nl-desktop');
    await resize(page, 360, 740);
    await screen(page, 'roles-not-for-package-nl-360');

    // The language switch is in the header at desktop width (in the drawer on phones).
    await resize(page, 1280, 800);
    await page.getByRole('radiogroup', { name: 'Taal' }).getByText('EN').click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Not part of your package' }),
    ).toBeVisible();
    await expect(mainNav(page, 'Main menu').getByRole('link', { name: 'DNS' })).toBeVisible();
    await screen(page, 'roles-not-for-package-en-desktop');
    await resize(page, 360, 740);
    await screen(page, 'roles-not-for-package-en-360');
  });

  test('an inactive hosting plan shows the notice and refuses changes', async ({ page }) => {
    const customer = customerWith('HOSTING', 'HOSTING');
    haven('domain:set', '--domain', customer.domain, '--active', 'false');
    await login(page, customer);
    await page.goto(`/webhosting/${customer.domain}/subdomain/add`);
    await expect(page.getByText('Diensten niet beschikbaar')).toBeVisible();
    await page.getByRole('textbox', { name: /^naam/i }).fill('shop');
    await page.getByRole('button', { name: /subdomein toevoegen/i }).click();
    await expect(page.getByText(/dus dit kan nu niet worden gewijzigd/)).toBeVisible();
    await expectAccessible(page);
    await screen(page, 'roles-plan-inactive-nl-desktop');
    await resize(page, 360, 740);
    await screen(page, 'roles-plan-inactive-nl-360');
  });

  // A login made by the operator without a mailbox (a mailbox's own login lands on it: mail.spec.ts).
  test('an EMAIL login lands on its account page, not on a dead end', async ({ page }) => {
    const customer = customerWith('HOSTING', 'EMAIL');
    await page.goto(`/?domain=${customer.domain}`);
    await page.getByLabel(/gebruikersnaam/i).fill(customer.username);
    await page
      .getByLabel(/^wachtwoord/i)
      .first()
      .fill(customer.password);
    await page.getByRole('button', { name: /inloggen/i }).click();
    await expect(page).toHaveURL(`/account/${customer.domain}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Wachtwoord wijzigen' }),
    ).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Webhosting' })).toHaveCount(0);
  });

  for (const lang of ['nl', 'en'] as const) {
    for (const role of ROLES) {
      test(`a ${role.type} login sees its navigation and one page for what is not its own (${lang})`, async ({
        page,
      }) => {
        const T = TEXT[lang];
        const bare = `e2e-${randomBytes(4).toString('hex')}-bare.test`;
        const customer = customerWith(
          role.pkg,
          role.type,
          role.type === 'HOSTING' ? bare : undefined,
        );
        await page.addInitScript((l) => localStorage.setItem('language', l), lang);
        await page.goto(`/?domain=${customer.domain}`);
        await page.getByLabel(T.username).fill(customer.username);
        await page.getByLabel(T.password).first().fill(customer.password);
        await page.getByRole('button', { name: T.login }).click();
        await expect(page).toHaveURL(role.lands(customer.domain));

        const nav = mainNav(page, T.nav);
        await expect(nav.getByRole('link')).toHaveText(role.nav[lang]);
        await expectAccessible(page);
        await screen(page, `roles-${role.type}-nav-${lang}-desktop`);

        await page.goto(role.refused(customer.domain, bare));
        const title = 'refusedTitle' in role ? role.refusedTitle[lang] : T.notForPackage;
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expectAccessible(page);
        await screen(page, `roles-${role.type}-refused-${lang}-desktop`);
        await resize(page, 360, 740);
        await expectAccessible(page);
        await screen(page, `roles-${role.type}-refused-${lang}-360`);
        // On phones the navigation is behind the menu button; it follows the domain shown.
        await page.getByRole('button', { name: T.openMenu }).click();
        const there = 'navThere' in role ? role.navThere : role.nav;
        await expect(nav.getByRole('link')).toHaveText(there[lang]);
        await expectAccessible(page);
        await screen(page, `roles-${role.type}-nav-${lang}-360`);
      });
    }
  }
});
