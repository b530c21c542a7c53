// The file manager page on a folder of BENCH_FM_FILES (default 100,000) files in Debian's
// Chromium (headless, driven by playwright-core): the time until the first row is painted, the
// list request's own time within it, and scrolling (a jump to the last row, and steady scrolling
// with its frame times), against `ls -f | wc -l` on the same folder in the same run.
// The real app in its own process on a temp data dir (deleted at the end) serves the production
// build in apps/web/dist, so `npm run build -w @haven/web` must have run.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { manyFiles, median } from './filemanager-data.ts';
import {
  FIRST_ROW_RESULT,
  FIRST_ROW_WATCH,
  scrollThrough,
  scrollToBottom,
  type FirstRow,
  type ScrollRun,
} from './filemanager-paint-page.ts';
import { fmt } from './lib.ts';
import { startPanel } from './servers/panel.ts';

const FILES = Number(process.env.BENCH_FM_FILES ?? 100_000);
const RUNS = 3;
const DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'index.html');
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const run = promisify(execFile);

const nameOf = (i: number) => `f${String(i).padStart(6, '0')}.jpg`;

/** Logs in through the login form, as a customer does; the token then stays in localStorage. */
async function login(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/?domain=bench.test`);
  await page.getByLabel(/gebruikersnaam|username/i).fill('beheer');
  await page
    .getByLabel(/^(wachtwoord|password)/i)
    .first()
    .fill('Bench-Pass-2024!x');
  await page.getByRole('button', { name: /inloggen|log in/i }).click();
  await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
}

/** One full load of the folder's page: navigation to first painted row, with the list request. */
async function load(page: Page, url: string): Promise<FirstRow> {
  await page.goto(url, { waitUntil: 'commit' });
  return (await page.evaluate(FIRST_ROW_RESULT)) as FirstRow;
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

interface Measured {
  lines: string[];
  first: number;
  list: number;
}

async function measure(
  browser: Browser,
  base: string,
  width: number,
  height: number,
  scroll: boolean,
): Promise<Measured> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'nl-NL' });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: FIRST_ROW_WATCH });
    await login(page, base);
    const url = `${base}/webhosting/bench.test/filemanager/httpdocs/many`;
    await load(page, url); // warms the HTTP cache with the file manager's chunks
    const loads: FirstRow[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await load(page, url));
    const m = (f: (r: FirstRow) => number) => median(loads.map(f));
    const first = m((r) => r.painted);
    const list = m((r) => r.list.end - r.list.start);
    const out = [
      `  ${width} px: first row painted ${fmt(first, 0)} ms after navigation (median of ${RUNS}; runs ${loads.map((r) => fmt(r.painted, 0)).join(', ')} ms)`,
      `    list request ${fmt(list, 0)} ms (${fmt(
        m((r) => r.list.start),
        0,
      )} to ${fmt(
        m((r) => r.list.end),
        0,
      )} ms, first byte after ${fmt(
        m((r) => r.list.firstByte - r.list.start),
        0,
      )} ms, ${fmt(m((r) => r.list.bytes) / 1e6)} MB);` +
        ` answer to first row ${fmt(
          m((r) => r.painted - r.list.end),
          0,
        )} ms (parse, sort, render, paint)`,
      `    rows in the DOM: ${loads[0]?.rows ?? 0} of ${FILES}; JS heap ${fmt(
        m((r) => r.heapMb),
        0,
      )} MB`,
    ];
    if (!scroll) return { lines: out, first, list };
    const jump = (await page.evaluate(scrollToBottom(nameOf(FILES - 1)))) as number;
    out.push(`    jump to the bottom: last row painted in view after ${fmt(jump, 0)} ms`);
    for (const step of [120, 1000]) {
      const r = (await page.evaluate(scrollThrough(step, 300))) as ScrollRun;
      out.push(
        `    scrolling ${step} px per frame for 300 frames: frame gap p50 ${fmt(pct(r.gaps, 50))} / p95 ${fmt(pct(r.gaps, 95))} / max ${fmt(Math.max(...r.gaps))} ms, ` +
          `${r.gaps.filter((g) => g > 50).length} frames over 50 ms, ${r.blank} frames without a row at the probe`,
      );
    }
    return { lines: out, first, list };
  } finally {
    await context.close();
  }
}

export async function benchFilemanagerPaint(): Promise<string[]> {
  if (!existsSync(DIST))
    return ['file manager paint: apps/web/dist missing, run `npm run build -w @haven/web` first'];
  const app = await startPanel();
  let browser: Browser | undefined;
  try {
    const dir = join(app.home, 'httpdocs/many');
    const genStart = performance.now();
    manyFiles(dir, FILES);
    const gen = (performance.now() - genStart) / 1000;
    const ls = async () => {
      const start = performance.now();
      await run('sh', ['-c', 'ls -f | wc -l'], { cwd: dir });
      return performance.now() - start;
    };
    await ls();
    const lsMs = median([await ls(), await ls(), await ls()]);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ARGS,
    });
    const base = `http://127.0.0.1:${app.port}`;
    const desktop = await measure(browser, base, 1280, 800, true);
    const phone = await measure(browser, base, 360, 760, false);
    return [
      `${FILES} files (made in ${fmt(gen)} s); load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')} on ${cpus().length} cores; warm caches`,
      `  ls -f | wc -l: ${fmt(lsMs, 0)} ms (median of 3)`,
      ...desktop.lines,
      ...phone.lines,
      `  ratios to ls (1280 px): list request ${fmt(desktop.list / lsMs)}x, first row ${fmt(desktop.first / lsMs)}x; (360 px): first row ${fmt(phone.first / lsMs)}x`,
    ];
  } finally {
    await browser?.close();
    await app.stop();
  }
}

if (process.argv[1]?.endsWith('filemanager-paint.ts')) {
  for (const line of await benchFilemanagerPaint()) console.log(line);
}
