// The DNS screen of a zone of BENCH_DNS_RECORDS (default 5,000) records in Debian's Chromium
// (headless, playwright-core), against the built panel: the time until the first record row is
// painted, until the edit dialog of a row is painted after the click, and until a saved change
// shows in its row after the click on save, at 1280 and 360 px. `npm run build` must have run.
// The same-run baseline: the screen as painted, as a static page (servers/floor-page.ts), its first
// row's paint measured the same way after each of the app's.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { dns } from '@haven/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/compose.ts';
import { toDomainRef } from '../apps/server/src/customers/customers.store.ts';
import { toDraft } from '../apps/server/src/areas/dns/dns-records.ts';
import { createDnsStore } from '../apps/server/src/areas/dns/dns.store.ts';
import type { DnsDb } from '../apps/server/src/areas/dns/dns.tables.ts';
import {
  FIRST_ROW_RESULT,
  FIRST_ROW_WATCH,
  openEdit,
  saveEdit,
  type FirstRow,
  type Saved,
} from './dns-paint-page.ts';
import { input } from './dns-zone.ts';
import { median } from './filemanager-data.ts';
import { fmt } from './lib.ts';
import { SNAPSHOT, startFloorPage, type FloorPage } from './servers/floor-page.ts';
import { PANEL_DOMAIN, startPanel } from './servers/panel.ts';

const RECORDS = Number(process.env.BENCH_DNS_RECORDS ?? 5000);
const RUNS = 3;
const DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'index.html');
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

/** Writes the records straight into the panel's store (5,000 API calls would take minutes). */
async function seed(dataDir: string): Promise<void> {
  const config = loadConfig({
    HAVEN_DATA_DIR: dataDir,
    HAVEN_SECRET: 'b'.repeat(40),
    HAVEN_SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    // Machine-wide system users are not what this measures (docs/operations.md).
    HAVEN_DOMAIN_USERS: 'off',
  });
  const ctx = await compose(config);
  try {
    const row = await ctx.customers.domainByName(PANEL_DOMAIN);
    if (!row) throw new Error('bench domain missing');
    const domain = toDomainRef(row);
    // The composed db sees every table; the store takes its area's view (Kysely's types do not narrow).
    const store = createDnsStore(ctx.db as unknown as DnsDb);
    const zone = await store.zone(domain.id);
    if (!zone) throw new Error('the domain got no zone');
    const insert = Array.from({ length: RECORDS }, (_, i) =>
      toDraft(dns.recordInput.parse(input(i)), PANEL_DOMAIN),
    );
    await store.write({ domainId: domain.id, serial: zone.serial, now: Date.now(), insert });
  } finally {
    await ctx.close();
  }
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

async function measure(browser: Browser, base: string, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'nl-NL' });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: FIRST_ROW_WATCH });
    await login(page, base);
    const url = `${base}/webhosting/${PANEL_DOMAIN}/dns`;
    const loads: FirstRow[] = [];
    const floors: number[] = [];
    let floor: FloorPage | undefined;
    const opens: number[] = [];
    const saves: Saved[] = [];
    const name = `h0.${PANEL_DOMAIN}`;
    // The first load warms the HTTP cache with the screen's chunks and is not counted.
    for (let i = 0; i <= RUNS; i++) {
      await page.goto(url, { waitUntil: 'commit' });
      const load = (await page.evaluate(FIRST_ROW_RESULT)) as FirstRow;
      if (i === 0) {
        floor = await startFloorPage((await page.evaluate(SNAPSHOT)) as string);
        continue;
      }
      loads.push(load);
      await page.getByTestId('dns-row').filter({ hasText: name }).first().waitFor();
      opens.push((await page.evaluate(openEdit(name))) as number);
      const value = `198.51.100.${i}`;
      await page
        .getByRole('dialog')
        .getByRole('textbox', { name: /^IPv4-adres/ })
        .fill(value);
      saves.push((await page.evaluate(saveEdit(name, value))) as Saved);
      await page.goto(floor!.url, { waitUntil: 'commit' });
      floors.push(((await page.evaluate(FIRST_ROW_RESULT)) as FirstRow).painted);
    }
    await floor?.stop();
    const ms = (xs: number[]) =>
      `${fmt(median(xs), 0)} ms (${xs.map((x) => fmt(x, 0)).join(', ')})`;
    return [
      `  ${width} px: first row painted ${ms(loads.map((l) => l.painted))} after navigation`,
      `    the static page of the same screen: ${ms(floors)}; ratio x${fmt(median(loads.map((l) => l.painted)) / median(floors), 1)}`,
      `    edit dialog painted ${ms(opens)} after the click; saved change in its row ${ms(saves.map((x) => x.shown))} after save`,
      `    of which the change request ${ms(saves.map((x) => x.request))}`,
      `    rows in the DOM ${loads[0]?.rows ?? 0}, DOM elements ${loads[0]?.elements ?? 0}`,
    ];
  } finally {
    await context.close();
  }
}

export async function benchDnsPaint(): Promise<string[]> {
  if (!existsSync(DIST)) return ['dns paint: apps/web/dist missing, run `npm run build` first'];
  const app = await startPanel();
  let browser: Browser | undefined;
  try {
    await seed(app.dataDir);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ARGS,
    });
    const base = `http://127.0.0.1:${app.port}`;
    return [
      `zone of ${RECORDS} records + defaults, built panel, Chromium headless; median of ${RUNS}; load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')} on ${cpus().length} cores`,
      ...(await measure(browser, base, 1280, 800)),
      ...(await measure(browser, base, 360, 760)),
    ];
  } finally {
    await browser?.close();
    await app.stop();
  }
}

if (process.argv[1]?.endsWith('dns-paint.ts')) {
  for (const line of await benchDnsPaint()) console.log(line);
}
