// Cron at scale: 10,000 jobs across 1,000 domains. (1) The time to render and install every
// domain's run specs and crontab with the cron adapter that `haven reconcile` uses (local
// profile: the files the supervised scheduler reads), against the baseline in the same run: the
// previous layout, one atomic file per job plus the crontab. Then the same reconcile again
// (nothing changed: nothing written). As root, one `crontab -u` (the Debian profile adds one per
// domain) is timed with a user of its own. (2) The runner's overhead per run: `node cron-run
// <specs> <hash>` (from the source, and bundled like dist/cron-run.mjs) against the command run
// directly.
//   node --import tsx cron-reconcile.ts
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../apps/server/src/lib/atomic-write.ts';
import { createCronFiles } from '../apps/server/src/platform/cron/cron.files.ts';
import type { CronJobPlan } from '../apps/server/src/platform/cron/cron.port.ts';
import { renderCrontab } from '../apps/server/src/platform/cron/crontab-render.ts';
import { cronEntry } from '../apps/server/src/platform/cron/runner-path.ts';

const DOMAINS = Number(process.env.BENCH_CRON_DOMAINS ?? 1000);
const PER_DOMAIN = Number(process.env.BENCH_CRON_JOBS ?? 10);
const RUNS = Number(process.env.BENCH_CRON_RUNS ?? 20);
const runner = { node: process.execPath, runner: cronEntry('cron-run') };
const seconds = (ms: number) =>
  `${(ms / 1000).toFixed(1)} s (${(ms / DOMAINS).toFixed(2)} ms per domain)`;

function jobsOf(d: number): CronJobPlan[] {
  return Array.from({ length: PER_DOMAIN }, (_, i) => ({
    hash: (d * 100 + i).toString(16).padStart(16, '0'),
    paused: false,
    schedule: { minute: String(i * 5), hour: '*/2', day: '*', month: '*', dayofweek: '*' },
    cwd: `/var/www/d${d}.nl/httpdocs`,
    argv: ['/usr/bin/php8.2', `/var/www/d${d}.nl/httpdocs/cron/job${i}.php`],
    log: { path: `/var/www/d${d}.nl/httpdocs/cron-${i}.log`, append: true },
    home: `/var/www/d${d}.nl/httpdocs`,
  }));
}

/** The previous layout: `domains/<id>/job-<hash>.json` per job, then the crontab, all atomic. */
async function baseline(root: string): Promise<number> {
  const started = performance.now();
  for (let d = 1; d <= DOMAINS; d++) {
    const dir = join(root, 'domains', String(d));
    await mkdir(join(dir, 'runs'), { recursive: true });
    const jobs = jobsOf(d);
    for (const j of jobs) {
      const spec = { hash: j.hash, cwd: j.cwd, argv: j.argv, log: j.log, home: j.home };
      await writeFileAtomic(join(dir, `job-${j.hash}.json`), JSON.stringify(spec), 0o640);
    }
    const specs = join(dir, 'jobs.json'); // the line's shape is the same length either way
    const lines = jobs.map((j) => ({ schedule: j.schedule, hash: j.hash }));
    await mkdir(join(root, 'crontabs'), { recursive: true });
    const text = renderCrontab(`d${d}.nl`, lines, { ...runner, specs });
    await writeFileAtomic(join(root, 'crontabs', `${d}.crontab`), text, 0o600);
  }
  return performance.now() - started;
}

async function reconcile(root: string): Promise<number> {
  const table = createCronFiles({ root, mode: 'local' });
  const started = performance.now();
  for (let d = 1; d <= DOMAINS; d++)
    await table.install({ id: d, name: `d${d}.nl`, home: '/nonexistent', owner: null }, jobsOf(d));
  return performance.now() - started;
}

/** One `crontab -u` of a 10-line crontab, as root with a user of its own; null otherwise. */
async function crontabInstall(root: string): Promise<number | null> {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/crontab')) return null;
  const user = `hvbench${process.pid}`;
  const file = join(root, 'crontabs', '1.crontab');
  execFileSync('useradd', ['--no-create-home', '--shell', '/usr/sbin/nologin', user]);
  try {
    const t = performance.now();
    for (let i = 0; i < RUNS; i++) execFileSync('crontab', ['-u', user, file]);
    return (performance.now() - t) / RUNS;
  } finally {
    execFileSync('crontab', ['-u', user, '-r']);
    execFileSync('userdel', [user]);
  }
}

const root = await mkdtemp(join(tmpdir(), 'haven-bench-cron-'));
try {
  const baseMs = await baseline(join(root, 'baseline'));
  const firstMs = await reconcile(join(root, 'cron'));
  const againMs = await reconcile(join(root, 'cron'));
  const crontabMs = await crontabInstall(join(root, 'cron'));

  const spool = join(root, 'runs');
  await mkdir(spool);
  const specs = join(root, 'jobs.json');
  const hash = 'f'.repeat(16);
  const argv = ['/bin/sh', '-c', 'echo hello'];
  const job = { cwd: root, argv, log: null, home: root };
  await writeFile(specs, JSON.stringify({ spool, runAs: null, jobs: { [hash]: job } }));
  const bundled = join(root, 'cron-run.mjs');
  execFileSync(join(import.meta.dirname, '../node_modules/.bin/esbuild'), [
    ...[runner.runner, '--bundle', '--platform=node', '--format=esm', '--log-level=warning'],
    `--outfile=${bundled}`,
  ]);
  // Interleaved, one run of each per round, medians: the machine's load moves all three alike.
  const variants: [string, string[]][] = [
    [argv[0] ?? '', argv.slice(1)],
    [process.execPath, [runner.runner, specs, hash]],
    [process.execPath, [bundled, specs, hash]],
  ];
  const times: number[][] = variants.map(() => []);
  for (let i = 0; i <= RUNS; i++)
    variants.forEach(([cmd, args], v) => {
      const t = performance.now();
      execFileSync(cmd, args);
      if (i > 0) times[v]?.push(performance.now() - t); // round 0 warms the page cache
    });
  const median = (xs: number[] = []) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const [direct, fromSource, fromBundle] = times.map(median) as [number, number, number];

  const jobs = DOMAINS * PER_DOMAIN;
  console.log(`cron: ${DOMAINS} domains x ${PER_DOMAIN} jobs = ${jobs} jobs`);
  console.log(`  baseline, one spec file per job + crontab: ${seconds(baseMs)}`);
  console.log(`  one specs file + crontab per domain:       ${seconds(firstMs)}`);
  console.log(`  ratio to the baseline: ${(firstMs / baseMs).toFixed(2)}`);
  console.log(`  reconcile again, nothing changed:          ${seconds(againMs)}`);
  if (crontabMs !== null)
    console.log(`  crontab -u (Debian profile, per domain):   ${crontabMs.toFixed(1)} ms`);
  console.log(`  command directly:          ${direct.toFixed(1)} ms per run (median of ${RUNS})`);
  for (const [what, ms] of [
    ['runner from the source', fromSource],
    ['runner bundled (.mjs)', fromBundle],
  ] as const)
    console.log(`  ${what}: ${ms.toFixed(1)} ms per run (overhead ${(ms - direct).toFixed(1)} ms)`);
} finally {
  await rm(root, { recursive: true, force: true });
}
