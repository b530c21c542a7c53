import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_DATA_DIR, E2E_PORT, SERVER_DIR } from './env.ts';
import { nodePorts } from './node-ports.ts';

export interface Customer {
  domain: string;
  username: string;
  password: string;
}

/** Runs the operator CLI against the e2e server's data dir, as an operator would. */
export function haven(...args: string[]): string {
  return havenAt(E2E_DATA_DIR, ...args);
}

/** The port of the panel that owns a data dir: the run's own, and the panels specs start. */
const panelPorts = new Map<string, number>([[E2E_DATA_DIR, E2E_PORT]]);

/** Tells the CLI which panel a data dir belongs to, so it writes what that panel serves. */
export function registerPanel(dataDir: string, port: number): void {
  panelPorts.set(dataDir, port);
}

/** The operator CLI against another server's data dir (a spec that starts its own server). */
export function havenAt(dataDir: string, ...args: string[]): string {
  const port = panelPorts.get(dataDir);
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      ...(port === undefined ? {} : nodePorts(port)),
      HAVEN_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** A new customer with one HOSTING domain (plus optional extra domains) and a known password. */
export function createCustomer(
  opts: { extraDomains?: number; premium?: boolean; dataDir?: string } = {},
): Customer & { extra: string[] } {
  const haven = (...args: string[]) => havenAt(opts.dataDir ?? E2E_DATA_DIR, ...args);
  const tag = randomBytes(4).toString('hex');
  const domain = `e2e-${tag}.test`;
  const out = haven('customer:create', '--name', `E2E ${tag}`, '--email', `owner@${domain}`);
  const id = /customer (\d+) created/.exec(out)?.[1];
  if (!id) throw new Error(`unexpected CLI output: ${out}`);
  haven(
    'domain:add',
    '--customer',
    id,
    '--domain',
    domain,
    ...(opts.premium ? ['--premium', 'true'] : []),
  );
  const extra: string[] = [];
  for (let i = 0; i < (opts.extraDomains ?? 0); i++) {
    const d = `e2e-${tag}-${i + 2}.test`;
    haven('domain:add', '--customer', id, '--domain', d);
    extra.push(d);
  }
  const password = `Haven-${randomBytes(6).toString('base64url')}-9!`;
  haven(
    'login:add',
    '--domain',
    domain,
    '--username',
    'beheer',
    '--type',
    'HOSTING',
    '--email',
    `owner@${domain}`,
    '--name',
    'Eva Jansen',
    '--password',
    password,
    '--primary',
  );
  return { domain, username: 'beheer', password, extra };
}

/** Logs in on the panel's own address, or on `origin` (another host name of the same panel). */
export async function login(page: Page, c: Customer, origin = ''): Promise<void> {
  await page.goto(`${origin}/?domain=${c.domain}`);
  await page.getByLabel(/gebruikersnaam|username/i).fill(c.username);
  await page
    .getByLabel(/^(wachtwoord|password)/i)
    .first()
    .fill(c.password);
  await page.getByRole('button', { name: /inloggen|log in/i }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/**
 * axe-core on the current page: no serious or critical violations. Running CSS transitions end
 * first: a dialog still fading in has text at part opacity, which axe measures as low contrast.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Spinners run forever: only animations with an end are waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/**
 * Resizes the page and waits until the layout's CSS transitions have ended: the shell's navbar
 * and main area slide between the desktop and phone layouts (a picture taken at once showed the
 * phone page half-slid, wider than the screen).
 */
export async function resize(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
}

/** Saves a screenshot under test-results/screens for people to look at. */
export async function screen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export const test = base;
export { expect };
