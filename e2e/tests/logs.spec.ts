import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { createCustomer, expectAccessible, login, resize, screen } from '../fixtures.ts';
import { expect, hasNginx, test } from '../hosting-panel.ts';

/**
 * Issue #20, logs: real requests to a subdomain on the supervised nginx, then its access log in
 * the panel: newest page first, filtered, downloaded. The panel is the shared one with its
 * hosting node on (e2e/hosting-panel.ts).
 */
test.skip(!hasNginx, 'nginx is not installed: nothing would write the logs');

/** One GET to nginx on 127.0.0.1 with the subdomain's host name (no DNS needed). */
function hit(port: number, host: string, path: string, agent: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host, 'user-agent': agent } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** axe and a picture at desktop width and at 360 px. */
async function views(page: Page, name: string) {
  await expectAccessible(page);
  await screen(page, `${name}`);
  await resize(page, 360, 740);
  await expectAccessible(page);
  await screen(page, `${name}-360`);
  await resize(page, 1280, 800);
}

test('logs: requests to a subdomain, paged newest first, filtered, downloaded', async ({
  browser,
  hostingPanel,
}) => {
  test.setTimeout(300_000);
  const c = createCustomer({ dataDir: hostingPanel.dataDir });
  const context = await browser.newContext({
    baseURL: hostingPanel.url,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  // Dutch first; the switch to English later must survive the next navigation.
  await page.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'nl');
  });
  await login(page, c);

  // A new subdomain (the panel applies its site and reloads nginx); its link gives nginx's port.
  const token = await page.evaluate(() => localStorage.getItem('user-token'));
  const made = await page.request.post(`/api/${c.domain}/webhosting/subdomain`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'site', phpHandlerId: null, ftpAccount: null },
  });
  expect(made.status(), await made.text()).toBe(200);
  await page.goto(`/webhosting/${c.domain}/subdomain/site`);
  const link = page.getByRole('link', { name: new RegExp(`site\\.${c.domain}\\.localhost`) });
  const url = new URL((await link.getAttribute('href')) ?? '');
  const port = Number(url.port);
  await expect
    .poll(() => hit(port, url.hostname, '/', 'e2e-ready').catch(() => 0), { timeout: 30_000 })
    .toBeGreaterThan(0);
  // 1100 requests: more than one page; some 404s and an agent with HTML in it.
  for (let i = 0; i < 1100; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, k) =>
        hit(
          port,
          url.hostname,
          (i + k) % 100 === 7 ? `/missing-${i + k}` : `/?n=${i + k}`,
          `e2e-agent ${i + k}`,
        ),
      ),
    );
  }
  expect(await hit(port, url.hostname, '/last', '<b>bold</b> agent')).toBe(404);

  // The list: nl, desktop and 360 px.
  await page.goto(`/webhosting/${c.domain}/log`);
  await expect(page.getByRole('link', { name: 'site.access.log' })).toBeVisible();
  await views(page, 'logs-list-nl');

  // The newest page first: it ends with the last request, its HTML shown as text.
  await page.getByRole('link', { name: 'site.access.log' }).click();
  const lines = page.getByTestId('log-lines');
  await expect(lines).toContainText('"GET /last HTTP/1.1" 404');
  await expect(lines).toContainText('<b>bold</b> agent');
  await expect(page.locator('pre b')).toHaveCount(0);
  await expect(page.getByText('Pagina 1 (nieuwste)')).toBeVisible();
  await views(page, 'logs-detail-nl');
  await page.getByRole('button', { name: 'Ouder' }).click();
  await expect(page.getByText('Pagina 2')).toBeVisible();
  await expect(lines).toContainText('e2e-ready');
  await page.getByRole('button', { name: 'Nieuwer' }).click();
  await expect(page.getByText('Pagina 1 (nieuwste)')).toBeVisible();

  // The filter: status 404 finds the missing pages and the last request.
  await page.getByRole('textbox', { name: 'Statuscode' }).fill('404');
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page.getByRole('status')).toHaveText(/^\d+ regels gevonden/);
  await expect(lines).toContainText('/last');
  await expect(lines).toContainText('/missing-1007');
  await expect(lines).not.toContainText('/?n=');

  // The download: the whole file as nginx wrote it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Downloaden' }).click(),
  ]);
  const saved = await download.path();
  const text = readFileSync(saved, 'utf8');
  expect(text.trim().split('\n').length).toBeGreaterThanOrEqual(1101);
  expect(download.suggestedFilename()).toBe('site.access.log');

  // English: the same screens.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto(`/webhosting/${c.domain}/log`);
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  await views(page, 'logs-list-en');
  await page.goto(`/webhosting/${c.domain}/log/site.access.log?page=2`);
  await expect(page.getByText('Page 2')).toBeVisible();
  await views(page, 'logs-detail-en');
  await context.close();
});
