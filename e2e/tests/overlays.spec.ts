import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../env.ts';
import {
  createCustomer,
  expect,
  expectAccessible,
  login,
  resize,
  screen,
  test,
} from '../fixtures.ts';

/*
 * The states a route walk does not reach: open menus and dialogs, toasts, the upgrade step and
 * the test checkout, checked with axe in both languages; toasts must cover nothing the user needs.
 */
const TEXT = {
  nl: {
    actions: (n: string) => `Acties voor ${n}`,
    permissions: 'Rechten',
    remove: 'Verwijderen',
    close: 'Sluiten',
    nav: 'Hoofdmenu',
    sitebuilder: 'SiteBuilder',
    upgrade: 'Uitbreiden',
    add: 'Toevoegen',
    cart: 'Naar de winkelwagen',
    checkout: 'Afrekenen',
    testPayment: 'Testbetaling',
  },
  en: {
    actions: (n: string) => `Actions for ${n}`,
    permissions: 'Permissions',
    remove: 'Delete',
    close: 'Close',
    nav: 'Main menu',
    sitebuilder: 'SiteBuilder',
    upgrade: 'Upgrade',
    add: 'Add',
    cart: 'Go to the cart',
    checkout: 'Check out',
    testPayment: 'Test payment',
  },
} as const;

/** A toast lies below the header and the page title, inside the screen (once it has slid in). */
async function expectToastClear(page: Page): Promise<void> {
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  const misplaced = async (): Promise<string[]> => {
    const box = await toast.boundingBox();
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    const viewport = page.viewportSize();
    if (!box || !title || !viewport) return ['no layout'];
    return [
      box.y <= title.y + title.height && 'over the title',
      box.y + box.height > viewport.height + 0.5 && 'below the screen',
      box.x < -0.5 && 'left of the screen',
      box.x + box.width > viewport.width + 0.5 && 'right of the screen',
    ].filter((m): m is string => typeof m === 'string');
  };
  // Mantine slides a toast in (transform): measure where it comes to rest.
  await expect.poll(misplaced, { timeout: 5000 }).toEqual([]);
}

for (const lang of ['nl', 'en'] as const) {
  test(`open menus, dialogs and toasts are accessible and cover nothing needed (${lang})`, async ({
    page,
  }) => {
    const T = TEXT[lang];
    const customer = createCustomer();
    const long = 'a-rather-long-file-name-for-a-phone.backup.tar.gz';
    const home = join(E2E_DATA_DIR, 'homes', customer.domain, 'httpdocs');
    for (const name of ['index.php', 'one.txt', 'two.txt', long]) {
      await writeFile(join(home, name), 'x');
    }
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, customer);

    for (const [width, height, size] of [
      [1280, 800, 'desktop'],
      [360, 740, '360'],
    ] as const) {
      await resize(page, width, height);
      await page.goto(`/webhosting/${customer.domain}/filemanager/httpdocs`);
      const menuButton = (name: string) =>
        page.getByRole('button', { name: T.actions(name), exact: true });

      // The row menu, open: menu items only, the red "delete" at AA contrast.
      await menuButton('index.php').click();
      await expect(page.getByRole('menuitem').first()).toBeFocused();
      await expectAccessible(page);
      await screen(page, `overlays-row-menu-${lang}-${size}`);

      // The permissions dialog and the confirmation: their close buttons have a name.
      await page.getByRole('menuitem', { name: T.permissions }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: T.close })).toBeVisible();
      await expectAccessible(page);
      await screen(page, `overlays-permissions-${lang}-${size}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      const victim = size === 'desktop' ? 'one.txt' : 'two.txt';
      await menuButton(victim).click();
      await page.getByRole('menuitem', { name: T.remove }).click();
      await expect(dialog.getByRole('button', { name: T.close })).toBeVisible();
      await expectAccessible(page);
      await screen(page, `overlays-confirm-${lang}-${size}`);
      await dialog.getByRole('button', { name: T.remove }).click();
      await expectToastClear(page);
      await screen(page, `overlays-toast-${lang}-${size}`);
    }

    // Long names at 360 px break after their dots (LongName), and nothing is wider than the screen.
    await page.goto(`/webhosting/${customer.domain}/subdomain`);
    const www = page.getByRole('link', { name: `www.${customer.domain}`, exact: true });
    await expect(www.locator('wbr')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await screen(page, `overlays-long-names-${lang}-360`);

    // The site builder from the navigation, then the upgrade step and the test checkout.
    await resize(page, 1280, 800);
    const nav = page.getByRole('navigation', { name: T.nav });
    await nav.getByRole('link', { name: T.sitebuilder }).click();
    await expect(page).toHaveURL(`/sitebuilder/${customer.domain}`);
    await expect(page.getByRole('heading', { level: 1, name: 'SiteBuilder' })).toBeVisible();
    await expectAccessible(page);
    await screen(page, `overlays-sitebuilder-${lang}-desktop`);

    await nav.getByRole('link', { name: T.upgrade }).click();
    // The pointer rests on the active navigation entry: hovered, it keeps its contrast.
    await nav.getByRole('link', { name: T.upgrade }).hover();
    await expectAccessible(page);
    await page
      .getByRole('article', { name: 'Premium hosting' })
      .getByRole('button', { name: T.add })
      .click();
    await expectAccessible(page);
    await screen(page, `overlays-upgrade-step-${lang}-desktop`);
    await page.getByRole('link', { name: T.cart }).first().click();
    await page.getByRole('button', { name: T.checkout }).click();
    await expect(page.getByRole('heading', { name: T.testPayment })).toBeVisible();
    await expectAccessible(page);
    await screen(page, `overlays-test-checkout-${lang}-desktop`);
    await resize(page, 360, 740);
    await screen(page, `overlays-test-checkout-${lang}-360`);
  });
}
