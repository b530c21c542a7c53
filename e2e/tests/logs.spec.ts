import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from '../env.ts';
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
 * Issue #20, logs: real requests to a subdomain on the supervised nginx, then its access log in
 * the panel: newest page first, filtered, downloaded. Like hosting-access.spec.ts this starts a
 * second panel with its hosting node on, unless the whole run has HAVEN_SERVICES=on.
 */
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => existsSync(p));
const own = process.env.HAVEN_SERVICES !== 'on';
let panel: { url: string; dataDir: string; child: ChildProcess | null };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

test.beforeAll(async () => {
  test.skip(!nginx, 'nginx is not installed: nothing would write the logs');
  if (!own) {
    panel = { url: `http://127.0.0.1:${E2E_PORT}`, dataDir: E2E_DATA_DIR, child: null };
    return;
  }
  test.setTimeout(90_000);
  let port = await freePort();
  while (Math.abs(port - E2E_PORT) < 40) port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `haven-e2e-logs-${port}-`));
  const child = spawn(process.execPath, ['start-server.mjs'], {
    cwd: join(import.meta.dirname, '..'),
    stdio: 'ignore',
    env: {
      ...process.env,
      HAVEN_E2E_PORT: String(port),
      HAVEN_E2E_DATA: dataDir,
      HAVEN_SERVICES: 'on',
    },
  });
  panel = { url: `http://127.0.0.1:${port}`, dataDir, child };
  await expect
    .poll(
      () =>
        fetch(`${panel.url}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  const child = panel?.child;
  if (!child) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  await rm(panel.dataDir, { recursive: true, force: true });
});

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

/** axe at desktop width (the machine is slow: once per screen), pictures at 1280 and 360 px. */
async function views(page: Page, name: string) {
  await expectAccessible(page);
  await screen(page, `${name}`);
  await resize(page, 360, 740);
  await screen(page, `${name}-360`);
  await resize(page, 1280, 800);
}

test('logs: requests to a subdomain, paged newest first, filtered, downloaded', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const c = createCustomer({ dataDir: panel.dataDir });
  const context = await browser.newContext({
    baseURL: panel.url,
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
