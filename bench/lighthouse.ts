// Lighthouse (npm `lighthouse`, Debian's Chromium through puppeteer-core) on the login page (`/`)
// and the dashboard of the built panel, with its default mobile profile (Moto G emulation, 4x CPU
// slowdown, simulated slow 4G) and its desktop preset. Each run gets a new browser (cold cache).
// The dashboard needs a session: the runner logs in over HTTP, puts the token in localStorage on
// a JSON URL of the panel (so no app file is cached) and runs with `disableStorageReset`.
// LIGHTHOUSE_RUNS (default 3) runs of each; LIGHTHOUSE_BASELINE=<dir> (with server/: a copy of
// apps/server's dist/ and package.json, and web/: a web build) measures that build too, run for
// run alternating with this tree's build, so both see the same machine load. LIGHTHOUSE_KEEP=<dir>
// keeps each run's report (JSON) there, LIGHTHOUSE_PAGES=login limits the pages.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { fmt } from './lib.ts';
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
  panel: Panel;
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

async function audit(base: string, page: PageName, profile: Profile): Promise<Run | undefined> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const tab = await browser.newPage();
    let url = `${base}/`;
    if (page === 'dashboard') {
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
      disableStorageReset: page === 'dashboard',
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

export async function benchLighthouse(): Promise<string[]> {
  const baseline = process.env.LIGHTHOUSE_BASELINE;
  const builds: Build[] = [];
  try {
    if (baseline) {
      const panel = await startPanel(
        { WEB_DIST: join(baseline, 'web') },
        { server: join(baseline, 'server') },
      );
      builds.push({ name: 'baseline', panel, runs: new Map() });
    }
    builds.push({ name: 'this tree', panel: await startPanel(), runs: new Map() });
    const lines = [`Lighthouse, ${RUNS} runs each; at start: ${load()}`];
    for (let i = 0; i < RUNS; i++) {
      for (const page of PAGES) {
        for (const profile of PROFILES) {
          for (const build of builds) {
            const key = `${page} ${profile}`;
            const run = await audit(`http://127.0.0.1:${build.panel.port}`, page, profile);
            if (run) build.runs.set(key, [...(build.runs.get(key) ?? []), run]);
          }
        }
      }
    }
    lines.push(`at end: ${load()}`);
    for (const page of PAGES)
      for (const profile of PROFILES)
        for (const build of builds) lines.push(summary(build, `${page} ${profile}`));
    return lines;
  } finally {
    for (const build of builds) await build.panel.stop();
  }
}
