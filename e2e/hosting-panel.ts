import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_DATA_DIR, E2E_PORT } from './env.ts';
import type { Browser, Page } from '@playwright/test';
import { expect, registerPanel, test as base } from './fixtures.ts';

/** A panel whose hosting node runs (nginx, PHP-FPM, PowerDNS…): where a site is really served. */
export interface HostingPanel {
  url: string;
  port: number;
  dataDir: string;
}

/**
 * A page of its own (a new context) on `panel` in `lang`, at a width (desktop by default): the
 * panel's language is what the customer last chose, kept in localStorage.
 */
export async function panelPage(
  browser: Browser,
  panel: HostingPanel,
  lang: 'nl' | 'en',
  view: { width: number; height: number; locale?: string } = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: panel.url,
    viewport: { width: view.width, height: view.height },
    ...(view.locale ? { locale: view.locale } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
  return page;
}

/**
 * Whether a spec skips for want of what `needs` names (`false` for what is there): on a
 * developer's machine it skips; in CI (`CI` set) nothing may be missing, since `npm test` as root
 * installs it all, so it throws and the spec fails instead of passing untested.
 */
export function skipWhenMissing(spec: string, needs: readonly (string | false)[]): boolean {
  const missing = needs.filter((n): n is string => typeof n === 'string');
  if (missing.length === 0) return false;
  const ci = (process.env.CI ?? '').toLowerCase();
  if (ci !== '' && ci !== '0' && ci !== 'false')
    throw new Error(`${spec}: missing ${missing.join(', ')} (in CI a missing tool fails)`);
  return true;
}

/** Whether nginx is installed: without it nothing serves a site, and the specs skip (not in CI). */
export const hasNginx = !skipWhenMissing('the hosting journeys', [
  !['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => existsSync(p)) && 'nginx',
]);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Whether nothing listens on `port` of 127.0.0.1 now. */
function isFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A panel port whose node ports (the 33 after it) are free too. */
async function freeRange(): Promise<number> {
  for (;;) {
    const port = await freePort();
    // Keep clear of the run's own panel and node; another worker's node is caught by the probe.
    if (Math.abs(port - E2E_PORT) < 40 || port + 34 > 65535) continue;
    const rest = await Promise.all(Array.from({ length: 33 }, (_, i) => isFree(port + 1 + i)));
    if (rest.every(Boolean)) return port;
  }
}

async function startPanel(): Promise<{ panel: HostingPanel; child: ChildProcess }> {
  // start-server.mjs puts the node's services on the 33 ports after the panel's (node-ports.ts).
  const port = await freeRange();
  // Outside the checkout: nginx workers must reach the sites from / (a clone may sit below a
  // private folder).
  const dataDir = mkdtempSync(join(tmpdir(), `haven-e2e-node-${port}-`));
  const child = spawn(process.execPath, ['start-server.mjs'], {
    cwd: import.meta.dirname,
    stdio: 'ignore',
    env: {
      ...process.env,
      HAVEN_E2E_PORT: String(port),
      HAVEN_E2E_DATA: dataDir,
      HAVEN_SERVICES: 'on',
    },
  });
  const panel = { url: `http://127.0.0.1:${port}`, port, dataDir };
  registerPanel(dataDir, port);
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
  return { panel, child };
}

/**
 * `hostingPanel`: the run's own server when the whole run has HAVEN_SERVICES=on; else a second
 * panel with its hosting node on, started once per worker and shared by every spec that asks
 * (logs, statistics, SSL), so the run pays its start once.
 */
export const test = base.extend<object, { hostingPanel: HostingPanel }>({
  hostingPanel: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern
    async ({}, use) => {
      if (process.env.HAVEN_SERVICES === 'on') {
        await use({ url: `http://127.0.0.1:${E2E_PORT}`, port: E2E_PORT, dataDir: E2E_DATA_DIR });
        return;
      }
      const { panel, child } = await startPanel();
      await use(panel);
      // SIGTERM: the panel stops the services it supervises before it exits.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(panel.dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});
export { expect };
