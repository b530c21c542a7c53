// The lists that can grow, with BENCH_LIST_ROWS (default 3,000) rows each, against the built
// panel: the list APIs' time, and in Debian's Chromium (headless, playwright-core) the time until
// the first row of the web users and databases screens is painted, and until a row's detail
// screen is painted after the click, at 1280 and 360 px. `npm run build` must have run.
// The same-run baselines: each list API's own time beside the screen's; the screen as painted, as
// a static page (servers/floor-page.ts), its first row measured the same way after each of the app's.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/compose.ts';
import { firstRowResult, firstRowWatch, openDetail, type FirstRow } from './list-paint-page.ts';
import { median } from './filemanager-data.ts';
import { fmt } from './lib.ts';
import { SNAPSHOT, startFloorPage, type FloorPage } from './servers/floor-page.ts';
import { PANEL_DOMAIN, startPanel, type Panel } from './servers/panel.ts';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 3000);
const RUNS = 3;
const DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'index.html');
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

interface Screen {
  title: string;
  path: string;
  api: string;
  /** The link of a list row. */
  row: string;
  /** The row whose detail is opened: on the first page. */
  pick: string;
}

const SCREENS: Screen[] = [
  {
    title: 'web users',
    path: 'web-user',
    api: 'webhosting/webuser',
    row: 'tbody a[href*="/web-user/"]',
    pick: 'lw0007',
  },
  {
    title: 'databases',
    path: 'database',
    api: 'webhosting/database',
    row: 'li a[href*="/database/"]',
    pick: 'lbench_db0007',
  },
];

/** Lists whose screens are the same table as the web users' (webhosting's ListScreen). */
const API_ONLY = [
  { title: 'subdomains', api: 'webhosting/subdomain' },
  { title: 'protected directories', api: 'webhosting/protected-directory' },
];

/** Writes the rows straight into the panel's state (3,000 API calls each would take minutes). */
export async function seedLists(dataDir: string): Promise<void> {
  const config = loadConfig({
    HAVEN_DATA_DIR: dataDir,
    HAVEN_SECRET: 'b'.repeat(40),
    HAVEN_SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
  });
  const ctx = await compose(config);
  try {
    const domain = await ctx.customers.domainByName(PANEL_DOMAIN);
    if (!domain) throw new Error('bench domain missing');
    const n = (i: number) => String(i).padStart(4, '0');
    const users = Array.from({ length: ROWS }, (_, i) => ({
      domain_id: domain.id,
      name: `lw${n(i)}`,
      password_hash: 'x',
      home: i % 2 ? `site${i}` : '',
      created_at: 1,
      updated_at: 1,
    }));
    // Panel state only: MariaDB is asked for the sizes of names it does not have (0 bytes).
    const dbs = Array.from({ length: ROWS }, (_, i) => ({
      domain_id: domain.id,
      name: `lbench_db${n(i)}`,
      created_at: 1,
    }));
    for (let i = 0; i < ROWS; i += 500) {
      await ctx.db
        .insertInto('webusers')
        .values(users.slice(i, i + 500))
        .execute();
      await ctx.db
        .insertInto('customer_databases')
        .values(dbs.slice(i, i + 500))
        .execute();
    }
    // As many subdomains, every third with a web user as its FTP account; as many protected
    // directories (on the first subdomain), each with one user.
    const ids = await ctx.db
      .selectFrom('webusers')
      .select('id')
      .where('domain_id', '=', domain.id)
      .orderBy('name')
      .execute();
    const subs = Array.from({ length: ROWS }, (_, i) => ({
      domain_id: domain.id,
      name: `ls${n(i)}`,
      webuser_id: i % 3 === 0 ? (ids[i]?.id ?? null) : null,
      created_at: 1,
      perl: 0,
      python: 0,
    }));
    for (let i = 0; i < ROWS; i += 500)
      await ctx.db
        .insertInto('subdomains')
        .values(subs.slice(i, i + 500))
        .execute();
    const sub = await ctx.db
      .selectFrom('subdomains')
      .select('id')
      .where('domain_id', '=', domain.id)
      .where('name', '=', 'ls0000')
      .executeTakeFirstOrThrow();
    const dirs = Array.from({ length: ROWS }, (_, i) => ({
      domain_id: domain.id,
      subdomain_id: sub.id,
      path: `p${n(i)}`,
      description: '',
      created_at: 1,
    }));
    for (let i = 0; i < ROWS; i += 500) {
      const made = await ctx.db
        .insertInto('protected_dirs')
        .values(dirs.slice(i, i + 500))
        .returning('id')
        .execute();
      await ctx.db
        .insertInto('protected_dir_users')
        .values(made.map((d) => ({ dir_id: d.id, name: 'lid', password_hash: 'x', created_at: 1 })))
        .execute();
    }
  } finally {
    await ctx.close();
  }
}

const ms = (xs: number[]) => `${fmt(median(xs), 0)} ms (${xs.map((x) => fmt(x, 0)).join(', ')})`;

/** The list call as the screen makes it, 9 times after one warm-up. */
async function apiTimes(app: Panel, screen: Pick<Screen, 'title' | 'api'>): Promise<string> {
  const url = `http://127.0.0.1:${app.port}/api/${PANEL_DOMAIN}/${screen.api}`;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i <= 9; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${app.token}` } });
    bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i > 0) times.push(performance.now() - started);
  }
  return `  ${screen.title} API: ${ms(times)}, ${fmt(bytes / 1000, 0)} kB`;
}

async function login(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/?domain=${PANEL_DOMAIN}`);
  await page.getByLabel(/gebruikersnaam|username/i).fill('beheer');
  await page
    .getByLabel(/^(wachtwoord|password)/i)
    .first()
    .fill('Bench-Pass-2024!x');
  await page.getByRole('button', { name: /inloggen|log in/i }).click();
  await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
}

async function measure(browser: Browser, base: string, screen: Screen, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 760 : 800 },
    locale: 'nl-NL',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: firstRowWatch(screen.row) });
    await login(page, base);
    const url = `${base}/webhosting/${PANEL_DOMAIN}/${screen.path}`;
    const loads: FirstRow[] = [];
    const opens: number[] = [];
    const floors: number[] = [];
    let floor: FloorPage | undefined;
    // The first load warms the HTTP cache with the screens' chunks and is not counted.
    for (let i = 0; i <= RUNS; i++) {
      await page.goto(url, { waitUntil: 'commit' });
      const load = (await page.evaluate(firstRowResult(screen.row))) as FirstRow;
      await page.locator(screen.row).filter({ hasText: screen.pick }).first().waitFor();
      if (i === 0) floor = await startFloorPage((await page.evaluate(SNAPSHOT)) as string);
      const open = (await page.evaluate(openDetail(screen.row, screen.pick))) as number;
      if (i === 0) continue;
      loads.push(load);
      opens.push(open);
      await page.goto(floor!.url, { waitUntil: 'commit' });
      floors.push(((await page.evaluate(firstRowResult(screen.row))) as FirstRow).painted);
    }
    await floor?.stop();
    return [
      `  ${screen.title}, ${width} px: first row painted ${ms(loads.map((l) => l.painted))} after navigation; detail painted ${ms(opens)} after the click`,
      `    the static page of the same screen: first row ${ms(floors)}; ratio x${fmt(median(loads.map((l) => l.painted)) / median(floors), 1)}`,
      `    rows in the DOM ${loads[0]?.rows ?? 0}, DOM elements ${loads[0]?.elements ?? 0}`,
    ];
  } finally {
    await context.close();
  }
}

export async function benchListPaint(): Promise<string[]> {
  if (!existsSync(DIST)) return ['list paint: apps/web/dist missing, run `npm run build` first'];
  const app = await startPanel();
  let browser: Browser | undefined;
  try {
    await seedLists(app.dataDir);
    const lines = [
      `${ROWS} each of web users, databases, subdomains (a third with a web user) and protected directories, built panel, Chromium headless; median of ${RUNS}; load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')} on ${cpus().length} cores`,
    ];
    for (const api of [...SCREENS, ...API_ONLY]) lines.push(await apiTimes(app, api));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ARGS,
    });
    const base = `http://127.0.0.1:${app.port}`;
    for (const screen of SCREENS)
      for (const width of [1280, 360]) lines.push(...(await measure(browser, base, screen, width)));
    return lines;
  } finally {
    await browser?.close();
    await app.stop();
  }
}

if (process.argv[1]?.endsWith('list-paint.ts')) {
  for (const line of await benchListPaint()) console.log(line);
}
