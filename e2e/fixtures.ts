import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_DATA_DIR, E2E_PORT, SERVER_DIR } from './env.ts';
import { nodePorts } from './node-ports.ts';

export interface Customer {
  domain: string;
  username: string;
  password: string;
}

/**
 * Runs the operator CLI against the e2e server's data dir, as an operator would: the built
 * `bin/haven.mjs` (the e2e run starts from `npm run build`), 4x faster than compiling with tsx.
 */
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
  return execFileSync(process.execPath, ['bin/haven.mjs', ...args], {
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

/**
 * What a person would see of the screen: it must fit its width (nothing scrolls sideways but what
 * scrolls inside its own box). The picture goes to test-results/screens for people to look at,
 * unless HAVEN_E2E_SCREENS=off (`npm test` sets it: encoding full-page PNGs at two widths was
 * CPU the 2-core CI machine spent on pictures nobody opens).
 */
export async function screen(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name}: the page is wider than the screen`).toBeLessThanOrEqual(1);
  if (process.env.HAVEN_E2E_SCREENS === 'off') return;
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/**
 * Brings a screen to rest before a check: the pointer parked off the last clicked control (hover
 * colours are the theme's) and the toasts closed with their own close button, as a user would,
 * instead of waiting out their timer (a toast is not part of the screen under test).
 */
export async function settle(page: Page, pointer = { x: 1270, y: 790 }): Promise<void> {
  await page.mouse.move(pointer.x, pointer.y);
  const toasts = page.locator('.mantine-Notification-root');
  // All at once in the page: a click through Playwright waits for the toast to stand still, and
  // one that is already leaving (detached mid-click) cost a 2 s timeout. `click()` keeps focus.
  await toasts
    .locator('.mantine-Notification-closeButton')
    .evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
  await expect(toasts).toHaveCount(0, { timeout: 10_000 });
  await page.mouse.move(pointer.x, pointer.y);
}

/** `settle`, then axe: the check every journey makes on each screen. */
export async function checkScreen(page: Page, pointer?: { x: number; y: number }): Promise<void> {
  await settle(page, pointer);
  await expectAccessible(page);
}

/**
 * Full-page shots at desktop width and at 360 px (the narrowest supported), then back; with
 * `axe`, the phone layout is checked too (the desktop one is `checkScreen`'s).
 */
export async function shoot(page: Page, name: string, opts: { axe?: boolean } = {}): Promise<void> {
  await screen(page, `${name}-desktop`);
  await resize(page, 360, 760);
  await screen(page, `${name}-360`);
  if (opts.axe) await expectAccessible(page);
  await resize(page, 1280, 800);
}

export const test = base.extend<{ uploadDir: string }>({
  /** A temp folder for the files a test uploads from the browser's side, removed after the test. */
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  uploadDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'haven-e2e-upload-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
});
export { expect };
