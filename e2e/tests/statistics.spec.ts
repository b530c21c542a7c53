import { writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createCustomer, expectAccessible, login, resize, screen } from '../fixtures.ts';
import { expect, hasNginx, panelPage, test, type HostingPanel } from '../hosting-panel.ts';
import { webPort } from '../node-ports.ts';

const TEXT = {
  nl: {
    title: 'Statistieken',
    refresh: 'Bijwerken',
    dataUsage: /^Dataverbruik /,
    diskUsage: 'Schijfgebruik',
    top: 'Top vijf mailboxen',
    measured: /^Gemeten om \d\d:\d\d$/,
    diskSpace: 'Schijfruimte',
  },
  en: {
    title: 'Statistics',
    refresh: 'Refresh',
    dataUsage: /^Data usage /,
    diskUsage: 'Disk usage',
    top: 'Top five mailboxes',
    measured: /^Measured at \d\d:\d\d$/,
    diskSpace: 'Disk space',
  },
} as const;

test.skip(!hasNginx, 'nginx is not installed: nothing would serve the requests');

/** One GET to the panel's nginx with a host name of the domain (no DNS needed): its status. */
function get(panel: HostingPanel, host: string, path: string): Promise<number> {
  const port = webPort(panel.port);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Real traffic: a subdomain made in the panel (which renders the domain's sites and reloads
 * nginx), a 1.2 MB file in its folder fetched twice from the supervised nginx, which logs each
 * request (`log_format haven`) to the subdomain's access log.
 */
async function makeTraffic(page: Page, panel: HostingPanel, domain: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('user-token'));
  const made = await page.request.post(`/api/${domain}/webhosting/subdomain`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'site', phpHandlerId: null, ftpAccount: null },
  });
  expect(made.status(), await made.text()).toBe(200);
  await writeFile(
    join(panel.dataDir, 'homes', domain, 'subdomains', 'site', 'big.bin'),
    Buffer.alloc(1_200_000),
  );
  const site = `site.${domain}`;
  await expect.poll(() => get(panel, site, '/big.bin').catch(() => 0)).toBe(200);
  expect(await get(panel, site, '/big.bin')).toBe(200);
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
  test(`statistics: real requests to a site on the screen and the dashboard donuts (${lang})`, async ({
    browser,
    hostingPanel,
  }) => {
    const x = TEXT[lang];
    const c = createCustomer({ dataDir: hostingPanel.dataDir });
    const page = await panelPage(browser, hostingPanel, lang);
    await login(page, c);
    await makeTraffic(page, hostingPanel, c.domain);

    await page.goto(`/webhosting/${c.domain}/statistics`);
    await expect(page.getByRole('heading', { name: x.title, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: x.refresh }).click();
    // Twice 1 200 000 bytes and the headers sent: 2.4 MB out.
    await expect(page.getByTestId('total-http_out')).toHaveText(/^2[.,]4 MB$/);
    // Each figure says when it was measured; the disk space is the file manager's figure.
    await expect(page.getByTestId('refreshed-at')).toHaveText(x.measured);
    await expect(page.getByTestId('disk-measured-at')).toHaveText(x.measured);
    // The 1.2 MB file and the logs, nothing else yet.
    await expect(page.getByTestId('disk-used')).toHaveText(/^1[.,]2 MB /);
    const used = (await page.getByTestId('disk-used').innerText()).split(' ').slice(0, 2).join(' ');
    await check(page, `statistics-${lang}`);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: x.dataUsage })).toBeVisible();
    await expect(page.getByRole('heading', { name: x.diskUsage })).toBeVisible();
    const disk = page.getByRole('region', { name: x.diskUsage });
    await expect(disk.getByText(x.measured)).toBeVisible();
    await expect(
      page.getByRole('region', { name: x.dataUsage }).getByText(x.measured),
    ).toBeVisible();
    await expect(page.getByText(`${x.diskSpace}: ${used} `)).toBeVisible();
    await expect(page.getByRole('heading', { name: x.top })).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(2);
    await check(page, `dashboard-statistics-${lang}`);

    await page.goto(`/webhosting/${c.domain}/filemanager/httpdocs`);
    await expect(page.getByRole('group', { name: x.diskSpace })).toContainText(
      new RegExp(`^${used} `),
    );
    await page.context().close();
  });
}
