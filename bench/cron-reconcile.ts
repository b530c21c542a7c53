// Cron at scale: 10,000 jobs across 1,000 domains. (1) The time to render and install every
// domain's run specs and crontab with the cron adapter that `haven reconcile` uses (local
// profile: the files the supervised scheduler reads; the Debian profile adds one `crontab -u`
// per domain, not measured here as it needs root and 1,000 system users). (2) The runner's
// overhead per run: `node cron-run <spec>` (spec read, run, output tail, spool record) against
// running the same command directly.
//   node --import tsx cron-reconcile.ts
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCronFiles } from '../apps/server/src/platform/cron/cron.files.ts';
import { cronEntry } from '../apps/server/src/platform/cron/runner-path.ts';

const DOMAINS = Number(process.env.BENCH_CRON_DOMAINS ?? 1000);
const PER_DOMAIN = Number(process.env.BENCH_CRON_JOBS ?? 10);
const RUNS = Number(process.env.BENCH_CRON_RUNS ?? 20);

const root = await mkdtemp(join(tmpdir(), 'haven-bench-cron-'));
try {
  const table = createCronFiles({ root: join(root, 'cron'), mode: 'local' });
  const started = performance.now();
  for (let d = 1; d <= DOMAINS; d++) {
    const jobs = Array.from({ length: PER_DOMAIN }, (_, i) => ({
      hash: (d * 100 + i).toString(16).padStart(16, '0'),
      paused: false,
      schedule: { minute: String(i * 5), hour: '*/2', day: '*', month: '*', dayofweek: '*' },
      cwd: `/var/www/d${d}.nl/httpdocs`,
      argv: ['/usr/bin/php8.2', `/var/www/d${d}.nl/httpdocs/cron/job${i}.php`],
      log: { path: `/var/www/d${d}.nl/logs/cron-${i}.log`, append: true },
      home: `/var/www/d${d}.nl/httpdocs`,
    }));
    await table.install({ id: d, name: `d${d}.nl`, owner: null }, jobs);
  }
  const installMs = performance.now() - started;
  const files = (await readdir(join(root, 'cron', 'crontabs'))).length;

  const spool = join(root, 'runs');
  await mkdir(spool);
  const spec = join(root, 'job.json');
  const argv = ['/bin/sh', '-c', 'echo hello'];
  await writeFile(
    spec,
    JSON.stringify({
      hash: 'f'.repeat(16),
      cwd: root,
      argv,
      log: null,
      spool,
      runAs: null,
      home: root,
    }),
  );
  const time = (fn: () => void) => {
    const t = performance.now();
    for (let i = 0; i < RUNS; i++) fn();
    return (performance.now() - t) / RUNS;
  };
  const direct = time(() => execFileSync(argv[0] ?? '', argv.slice(1)));
  const viaRunner = time(() => execFileSync(process.execPath, [cronEntry('cron-run'), spec]));

  console.log(
    `cron: ${DOMAINS} domains x ${PER_DOMAIN} jobs = ${DOMAINS * PER_DOMAIN} jobs, ${files} crontabs`,
  );
  console.log(
    `  render + write specs and crontabs: ${(installMs / 1000).toFixed(1)} s (${(installMs / DOMAINS).toFixed(2)} ms per domain)`,
  );
  console.log(
    `  command directly: ${direct.toFixed(1)} ms per run; through the runner: ${viaRunner.toFixed(1)} ms per run (overhead ${(viaRunner - direct).toFixed(1)} ms)`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
