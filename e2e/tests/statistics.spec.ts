import { appendFile, mkdir } from 'node:fs/promises';
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

const TEXT = {
  nl: {
    title: 'Statistieken',
    refresh: 'Bijwerken',
    dataUsage: /^Dataverbruik /,
    diskUsage: 'Schijfgebruik',
    top: 'Top vijf mailboxen',
  },
  en: {
    title: 'Statistics',
    refresh: 'Refresh',
    dataUsage: /^Data usage /,
    diskUsage: 'Disk usage',
    top: 'Top five mailboxes',
  },
} as const;

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * Lines as the supervised nginx writes them (`log_format haven`) to the domain's `www` log.
 * The panel then reads them from disk as it reads nginx's own: by inode and offset.
 */
async function writeTraffic(domain: string): Promise<void> {
  const d = new Date();
  const day = `${String(d.getUTCDate()).padStart(2, '0')}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}`;
  const logs = join(E2E_DATA_DIR, 'homes', domain, 'logs');
  await mkdir(logs, { recursive: true });
  const line = `127.0.0.1 - - [${day}:10:00:00 +0000] "GET / HTTP/1.1" 200 1200000 "-" "e2e" 400 1234567\n`;
  await appendFile(join(logs, 'www.access.log'), line.repeat(2));
}

async function check(page: Page, name: string): Promise<void> {
  await page.mouse.move(1270, 790);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectAccessible(page);
  await screen(page, `${name}-desktop`);
  await resize(page, 360, 760);
  await screen(page, `${name}-360`);
  await expectAccessible(page);
  await resize(page, 1280, 800);
}

for (const lang of ['nl', 'en'] as const) {
  test(`statistics: traffic read from the logs on the screen and the dashboard donuts (${lang})`, async ({
    page,
  }) => {
    const x = TEXT[lang];
    const c = createCustomer();
    await writeTraffic(c.domain);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await login(page, c);

    await page.goto(`/webhosting/${c.domain}/statistics`);
    await expect(page.getByRole('heading', { name: x.title, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: x.refresh }).click();
    // Two lines of 1 234 567 bytes sent: 2.5 MB out.
    await expect(page.getByTestId('total-http_out')).toHaveText(/^2[.,]5 MB$/);
    await expect(page.getByTestId('refreshed-at')).not.toBeEmpty();
    await check(page, `statistics-${lang}`);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: x.dataUsage })).toBeVisible();
    await expect(page.getByRole('heading', { name: x.diskUsage })).toBeVisible();
    await expect(page.getByRole('heading', { name: x.top })).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(2);
    await check(page, `dashboard-statistics-${lang}`);
  });
}
