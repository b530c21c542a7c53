// Lighthouse (npm `lighthouse`, Debian's Chromium through puppeteer-core) on the login page (`/`)
// and the dashboard of the built panel, with its default mobile profile (Moto G emulation, 4x CPU
// slowdown, simulated slow 4G) and its desktop preset. Each run gets a new browser (cold cache).
// The dashboard needs a session: the runner logs in over HTTP, puts the token in localStorage on
// a JSON URL of the panel (so no app file is cached) and runs with `disableStorageReset`.
// LIGHTHOUSE_RUNS (default 3) runs of each. The same-run baseline: each page as this build painted
// it, as a static page (servers/floor-page.ts), audited interleaved. Other builds to compare:
// LIGHTHOUSE_BASELINE=<dir>
// (web/: a web build; server/, optional: a copy of apps/server's dist/ and package.json), or
// several as `name=<dir>,name=<dir>`, each measured run for run with this tree's build (the order
// turning each round), so all see the same machine load; each prints its ratio to this tree.
// LIGHTHOUSE_KEEP=<dir> keeps each run's report (JSON) there, LIGHTHOUSE_PAGES=login limits the pages.
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { fmt } from './lib.ts';
import { SNAPSHOT, startFloorPage, type FloorPage } from './servers/floor-page.ts';
import { PANEL_DOMAIN, PANEL_PASSWORD, startPanel, type Panel } from './servers/panel.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ALL_PAGES = ['login', 'dashboard'] as const;
type PageName = (typeof ALL_PAGES)[number];
const PAGES = ALL_PAGES.filter((p) => (process.env.LIGHTHOUSE_PAGES ?? p).split(',').includes(p));
const PROFILES = ['mobile', 'desktop'] as const;
type Profile = (typeof PROFILES)[number];
let kept = 0;

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  requests: number;
  unusedCss: number;
  unusedJs: number;
  /** Lighthouse's own CPU speed probe: ~1,000+ on an idle desktop, lower when the cores are busy. */
  cpu: number;
}

interface Build {
  name: string;
  /** A panel to audit, or (the floor) a static page for each of the pages. */
  panel?: Panel;
  floor?: Partial<Record<PageName, string>>;
  runs: Map<string, Run[]>;
}

async function freshToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain: PANEL_DOMAIN, username: 'beheer', password: PANEL_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function audit(
  base: string,
  page: PageName,
  profile: Profile,
  floor?: string,
): Promise<Run | undefined> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const tab = await browser.newPage();
    let url = floor ?? `${base}/`;
    if (page === 'dashboard' && !floor) {
      // A token per run: the app refreshes (and so rotates) it on start.
      const token = await freshToken(base);
      await tab.goto(`${base}/api/health`);
      await tab.evaluate(
        (t, d) => {
          localStorage.setItem('user-token', t);
          localStorage.setItem('user-domain', d);
        },
        token,
        PANEL_DOMAIN,
      );
      url = `${base}/dashboard`;
    }
    const flags = {
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance'],
      disableStorageReset: page === 'dashboard' && !floor,
    };
    const result = await lighthouse(
      url,
      flags,
      profile === 'desktop' ? desktopConfig : undefined,
      tab,
    );
    const lhr = result?.lhr;
    const keep = process.env.LIGHTHOUSE_KEEP;
    if (keep && lhr)
      writeFileSync(join(keep, `${++kept}-${page}-${profile}.json`), JSON.stringify(lhr));
    if (!lhr || lhr.runtimeError || lhr.categories.performance?.score == null) return undefined;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? 0;
    const savings = (id: string) =>
      (lhr.audits[id]?.details as { overallSavingsBytes?: number } | undefined)
        ?.overallSavingsBytes ?? 0;
    const items = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)
      ?.items;
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      bytes: value('total-byte-weight'),
      requests: items?.length ?? 0,
      unusedCss: savings('unused-css-rules'),
      unusedJs: savings('unused-javascript'),
      cpu: lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A build's FCP and LCP medians as a ratio of this tree's, and its score's difference. */
function ratio(build: Build, base: Build, key: string): string {
  const runs = build.runs.get(key) ?? [];
  const own = base.runs.get(key) ?? [];
  if (!runs.length || !own.length) return `  ${build.name} ${key}: no ratio (runs failed)`;
  const m = (list: Run[], k: keyof Run) => median(list.map((r) => r[k]));
  const r = (k: keyof Run) => fmt(m(runs, k) / m(own, k), 2);
  const score = m(runs, 'score') - m(own, 'score');
  return (
    `  ${build.name} / ${base.name}, ${key}: FCP x${r('fcp')}, LCP x${r('lcp')}, ` +
    `bytes x${r('bytes')}, score ${score >= 0 ? '+' : ''}${fmt(score, 0)}`
  );
}

/** `dir` or `name=dir,name=dir`. */
const baselines = (spec: string | undefined): { name: string; dir: string }[] =>
  (spec ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [name, dir] = entry.includes('=') ? entry.split('=', 2) : [undefined, entry];
      return { name: name || `baseline ${basename(dir ?? '')}`, dir: dir ?? '' };
    });

function summary(build: Build, key: string): string {
  const runs = build.runs.get(key) ?? [];
  if (!runs.length) return `  ${build.name} ${key}: every run failed`;
  const m = (k: keyof Run) => median(runs.map((r) => r[k]));
  const s = (ms: number) => `${fmt(ms / 1000, 2)} s`;
  return (
    `  ${build.name} ${key}: performance ${m('score')} (runs ${runs.map((r) => r.score).join(', ')}` +
    `${runs.length < RUNS ? `, ${RUNS - runs.length} failed` : ''}); medians: FCP ${s(m('fcp'))}, ` +
    `LCP ${s(m('lcp'))}, TBT ${fmt(m('tbt'), 0)} ms, CLS ${fmt(m('cls'), 3)}, ` +
    `${m('requests')} requests, ${fmt(m('bytes') / 1000)} kB, unused CSS ${fmt(m('unusedCss') / 1000)} kB, ` +
    `unused JS ${fmt(m('unusedJs') / 1000)} kB; CPU benchmark index ${fmt(m('cpu'), 0)}`
  );
}

const load = () =>
  `load average ${loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')} on ${cpus().length} cores`;

/** Each page as this tree's build painted it, as a static page (servers/floor-page.ts). */
async function floorPages(
  base: string,
): Promise<{ floor: Build['floor']; stop: () => Promise<void> }> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const pages: FloorPage[] = [];
  const floor: Build['floor'] = {};
  try {
    const tab = await browser.newPage();
    for (const page of PAGES) {
      if (page === 'dashboard') {
        await tab.goto(`${base}/api/health`);
        await tab.evaluate(
          (t, d) => {
            localStorage.setItem('user-token', t);
            localStorage.setItem('user-domain', d);
          },
          await freshToken(base),
          PANEL_DOMAIN,
        );
      }
      await tab.goto(`${base}/${page === 'dashboard' ? 'dashboard' : ''}`, {
        waitUntil: 'networkidle0',
      });
      const started = await startFloorPage((await tab.evaluate(SNAPSHOT)) as string);
      pages.push(started);
      floor[page] = started.url;
    }
  } finally {
    await browser.close();
  }
  return { floor, stop: async () => void (await Promise.all(pages.map((p) => p.stop()))) };
}

export async function benchLighthouse(): Promise<string[]> {
  const builds: Build[] = [];
  let stopFloor = async () => {};
  try {
    const own: Build = { name: 'this tree', panel: await startPanel(), runs: new Map() };
    builds.push(own);
    const floor = await floorPages(`http://127.0.0.1:${own.panel!.port}`);
    stopFloor = floor.stop;
    builds.push({ name: 'static page', floor: floor.floor, runs: new Map() });
    for (const { name, dir } of baselines(process.env.LIGHTHOUSE_BASELINE)) {
      const server = join(dir, 'server');
      const panel = await startPanel(
        { WEB_DIST: join(dir, 'web') },
        existsSync(server) ? { server } : {},
      );
      builds.push({ name, panel, runs: new Map() });
    }
    const lines = [`Lighthouse, ${RUNS} runs each; at start: ${load()}`];
    for (let i = 0; i < RUNS; i++) {
      for (const page of PAGES) {
        for (const profile of PROFILES) {
          // Each round starts with another build, so none always runs first (or after the same).
          const order = builds.map((_, j) => builds[(i + j) % builds.length]!);
          for (const build of order) {
            const key = `${page} ${profile}`;
            const base = `http://127.0.0.1:${build.panel?.port ?? 0}`;
            const run = await audit(base, page, profile, build.floor?.[page]);
            if (run) build.runs.set(key, [...(build.runs.get(key) ?? []), run]);
          }
        }
      }
    }
    lines.push(`at end: ${load()}`);
    for (const page of PAGES)
      for (const profile of PROFILES)
        for (const build of builds) lines.push(summary(build, `${page} ${profile}`));
    lines.push(
      'Ratios (medians; above 1 is slower): this tree to the static page, other builds to this tree',
    );
    for (const page of PAGES)
      for (const profile of PROFILES)
        for (const build of builds.slice(1))
          lines.push(
            build.floor
              ? ratio(own, build, `${page} ${profile}`)
              : ratio(build, own, `${page} ${profile}`),
          );
    return lines;
  } finally {
    await stopFloor();
    for (const build of builds) await build.panel?.stop();
  }
}
