import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_DATA_DIR } from '../env.ts';
import { createCustomer, expect, expectAccessible, login, resize, test } from '../fixtures.ts';

const FILES = 3000;
const LONG = `a-very-long-file-name-that-does-not-fit-on-a-phone-${'x'.repeat(60)}.txt`;
const nameOf = (i: number) => `f${String(i).padStart(6, '0')}.txt`;

const TEXT = {
  nl: {
    table: 'Bestanden en mappen',
    all: 'Alles selecteren',
    selected: `${FILES + 3} items geselecteerd`,
    bulk: 'Geselecteerde items',
  },
  en: {
    table: 'Files and folders',
    all: 'Select all',
    selected: `${FILES + 3} items selected`,
    bulk: 'Selected items',
  },
} as const;

for (const lang of ['nl', 'en'] as const) {
  test(`file manager: a folder of ${FILES} files renders the rows in view, scrolls, selects all (${lang})`, async ({
    page,
  }) => {
    const T = TEXT[lang];
    const customer = createCustomer();
    const dir = join(E2E_DATA_DIR, 'homes', customer.domain, 'httpdocs', 'many');
    await mkdir(join(dir, 'sub'), { recursive: true });
    await Promise.all(
      Array.from({ length: FILES }, (_, i) => writeFile(join(dir, nameOf(i)), 'x'.repeat(i))),
    );
    await writeFile(join(dir, LONG), '');
    await symlink('/etc', join(dir, 'out'));

    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, customer);
    await page.goto(`/webhosting/${customer.domain}/filemanager/httpdocs/many`);
    const table = page.getByRole('table', { name: T.table });
    const rows = page.locator('tr[data-entry]');
    await expect(rows.first()).toHaveAttribute('data-entry', 'sub');
    await expect(table).toHaveAttribute('aria-rowcount', String(FILES + 4));
    // Only the rows in view (plus overscan) are in the DOM, however big the folder.
    expect(await rows.count()).toBeLessThan(60);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/screens/filemanager-large-${lang}-desktop.png` });

    // The end of the list is one scroll away, and its rows are really there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator(`tr[data-entry="${nameOf(FILES - 1)}"]`)).toBeInViewport();
    await expect(rows.last()).toHaveAttribute('aria-rowindex', String(FILES + 4));

    // Tab walks on into rows that were not rendered yet: the list follows the focus.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('checkbox', { name: T.all }).focus();
    for (let i = 0; i < 6 + 3 * 40; i++) await page.keyboard.press('Tab');
    const focused = page.locator('tr[data-entry]:has(:focus)');
    await expect(focused).toBeInViewport();
    expect(Number(await focused.getAttribute('aria-rowindex'))).toBeGreaterThan(40);

    // Select all takes every entry, not only the rendered rows.
    await page.getByRole('checkbox', { name: T.all }).check();
    await expect(page.getByRole('region', { name: T.bulk })).toContainText(T.selected);
    await page.getByRole('checkbox', { name: T.all }).uncheck();

    await page.evaluate(() => window.scrollTo(0, 0));
    await resize(page, 360, 760);
    await expect(rows.first()).toBeVisible();
    await page.screenshot({ path: `test-results/screens/filemanager-large-${lang}-360.png` });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await resize(page, 1280, 800);
  });
}
