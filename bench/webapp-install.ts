// Issue #24: the install time of WordPress through Haven against the same steps done directly,
// in the same run, interleaved (Haven, direct, Haven, direct…). Haven: the built panel (see
// servers/panel.ts), from the POST of the install to its job's `done`, polled every 20 ms; files
// appearing in the app's folder split the time into its steps. Direct: copy Debian's
// /usr/share/wordpress (`cp -rL`, wp-config.php and .htaccess left out) into a temp folder,
// CREATE DATABASE + user in MariaDB, write the same wp-config.php and run the same wp_install()
// PHP CLI routine (recipes.wordpress.ts). Everything either side makes is removed.
//   npm run bench -- webapp-install        (BENCH_WEBAPP_ROUNDS, default 5)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { fillTemplate } from '../apps/server/src/areas/webapps/install-values.ts';
import { recipeByKey } from '../apps/server/src/areas/webapps/recipes.ts';
import { parseMariadbUrl } from '../apps/server/src/platform/database-server/mariadb-connection.ts';
import { findPhpVersions } from '../apps/server/src/platform/web-server/php-versions.ts';
import { fmt } from './lib.ts';
import { PANEL_DOMAIN, startPanel, type Panel } from './servers/panel.ts';

const ROUNDS = Number(process.env.BENCH_WEBAPP_ROUNDS ?? 5);
const MARIADB_URL = process.env.MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
const SOURCE = process.env.HAVEN_WEBAPP_SOURCE ?? '/usr/share';
const PHP = process.env.HAVEN_WEBAPP_PHP ?? 'php';
const PACKAGE = 'wordpress-6.1';
const PASSWORD = 'Bench-Wp-Pass-2024!x';
const POLL_MS = 20;
/**
 * Where Haven's time goes. The job's progress is throttled (one write per 250 ms), so its marks
 * between steps are mostly skipped; the bench watches the app's folder instead: `wp-load.php`
 * appears when the staged, verified release is placed, `wp-config.php` once the database is
 * made and the config written; the installer runs after that.
 */
const STEPS = [
  'stage + verify + place',
  'database + config',
  'installer (PHP CLI) + job done',
] as const;

interface HavenRun {
  ms: number;
  /** Time spent in each of STEPS (ms). */
  steps: number[];
}

interface DirectRun {
  ms: number;
  copy: number;
  database: number;
  config: number;
  installer: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(xs: readonly number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}
const median = (xs: readonly number[]) => quantile(xs, 0.5);
const p90 = (xs: readonly number[]) => quantile(xs, 0.9);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Runs a command, answering its exit code and stderr (stdin from `input`). */
function exec(
  cmd: string,
  args: string[],
  opts: { cwd?: string; input?: string } = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      stdio: ['pipe', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: opts.cwd ?? tmpdir() },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

function installerInput(title: string): string {
  return JSON.stringify({
    url: `http://blog.${PANEL_DOMAIN}/site`,
    title,
    admin_username: 'beheerder',
    admin_email: 'admin@example.org',
    admin_password: PASSWORD,
  });
}

/** One install through the panel's API, POST to the job's `done`; the app is deleted after. */
async function haven(panel: Panel, round: number): Promise<HavenRun> {
  const api = `http://127.0.0.1:${panel.port}/api/${PANEL_DOMAIN}`;
  const headers = { authorization: `Bearer ${panel.token}`, 'content-type': 'application/json' };
  const start = performance.now();
  const res = await fetch(`${api}/webhosting/webapp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      webapp: PACKAGE,
      subdomain: { id: 'blog', text: `blog.${PANEL_DOMAIN}` },
      install_directory: `site${round}`,
      admin_email: 'admin@example.org',
      admin_username: 'beheerder',
      admin_password: PASSWORD,
      admin_passwordRepeat: PASSWORD,
      admin_path: 'beheer',
      title: `Bench ${round}`,
    }),
  });
  if (!res.ok) throw new Error(`install refused: ${res.status} ${await res.text()}`);
  const { job, webapp } = (await res.json()) as { job: string; webapp: { id: number } };
  const dir = join(panel.home, 'subdomains', 'blog', `site${round}`);
  const exists = (file: string) =>
    access(join(dir, file)).then(
      () => true,
      () => false,
    );
  let placed = 0;
  let configured = 0;
  let ms = 0;
  try {
    for (;;) {
      const [j, hasLoad, hasConfig] = await Promise.all([
        fetch(`${api}/job/${job}`, { headers: { authorization: headers.authorization } }).then(
          (r) => r.json() as Promise<{ state: string; error: string | null }>,
        ),
        placed ? true : exists('wp-load.php'),
        configured ? true : exists('wp-config.php'),
      ]);
      const now = performance.now() - start;
      if (j.state === 'failed') throw new Error(`install failed: ${j.error}`);
      if (hasLoad && !placed) placed = now;
      if (hasConfig && !configured) configured = now;
      if (j.state === 'done') {
        ms = now;
        break;
      }
      await sleep(POLL_MS);
    }
  } finally {
    const del = await fetch(`${api}/webhosting/webapp/${webapp.id}`, {
      method: 'DELETE',
      headers: { authorization: headers.authorization },
    });
    if (!del.ok) console.error(`delete of app ${webapp.id} failed: ${del.status}`);
  }
  const steps = [placed, configured - placed, ms - configured];
  return { ms, steps };
}

/** The same steps by hand: copy, database and user, config, wp_install(); then removed. */
async function direct(root: Connection, round: number): Promise<DirectRun> {
  const recipe = recipeByKey(PACKAGE);
  if (!recipe?.config || !recipe.installer) throw new Error(`${PACKAGE}: no config or installer`);
  const target = parseMariadbUrl(MARIADB_URL);
  const dir = await mkdtemp(join(tmpdir(), 'haven-bench-wp-'));
  const name = `hvbench_${randomBytes(4).toString('hex')}`;
  const dbPassword = randomBytes(18).toString('base64url');
  let made = false;
  try {
    const t0 = performance.now();
    const from = join(SOURCE, recipe.source.path);
    const entries = (await readdir(from))
      .filter((e) => !recipe.source.exclude.includes(e))
      .map((e) => join(from, e));
    const copy = await exec('cp', ['-rL', '-t', dir, ...entries]);
    if (copy.code !== 0) throw new Error(`cp failed: ${copy.stderr}`);
    const t1 = performance.now();
    made = true;
    await root.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await root.query(`CREATE USER '${name}'@'%' IDENTIFIED BY '${dbPassword}'`);
    await root.query(`GRANT ALL PRIVILEGES ON \`${name}\`.* TO '${name}'@'%'`);
    const t2 = performance.now();
    const db = { database: name, user: name, host: target.host, port: target.port };
    await writeFile(
      join(dir, recipe.config.file),
      fillTemplate(recipe.config.template, db, dbPassword),
      { mode: 0o644 },
    );
    const t3 = performance.now();
    const php = await exec(PHP, ['-d', 'display_errors=stderr', '-r', recipe.installer], {
      cwd: dir,
      input: installerInput(`Direct ${round}`),
    });
    if (php.code !== 0) throw new Error(`wp_install failed (${php.code}): ${php.stderr}`);
    const t4 = performance.now();
    return { ms: t4 - t0, copy: t1 - t0, database: t2 - t1, config: t3 - t2, installer: t4 - t3 };
  } finally {
    await rm(dir, { recursive: true, force: true });
    if (made) {
      await root.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await root.query(`DROP USER IF EXISTS '${name}'@'%'`);
    }
  }
}

export async function benchWebappInstall(): Promise<string[]> {
  const php = (await findPhpVersions()).at(-1);
  // No supervised services (nginx, DNS, mail…) on fixed ports: the install needs none of them.
  const panel = await startPanel({
    MARIADB_URL,
    HAVEN_SERVICES: 'off',
    HAVEN_WEB_LISTEN: `127.0.0.1:${await freePort()}`,
    HAVEN_WEB_TLS_LISTEN: 'off',
    HAVEN_WEBAPP_SOURCE: SOURCE,
    HAVEN_WEBAPP_PHP: PHP,
  });
  const root = await createConnection({ uri: MARIADB_URL });
  try {
    const sub = await fetch(
      `http://127.0.0.1:${panel.port}/api/${PANEL_DOMAIN}/webhosting/subdomain`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${panel.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'blog', phpHandlerId: php?.value ?? null, ftpAccount: null }),
      },
    );
    if (!sub.ok) throw new Error(`subdomain: ${sub.status} ${await sub.text()}`);
    const havenRuns: HavenRun[] = [];
    const directRuns: DirectRun[] = [];
    // Round 0 warms both sides up (the page cache, the panel's install code paths) and is left
    // out of the figures.
    for (let i = 0; i <= ROUNDS; i++) {
      const h = await haven(panel, i);
      const d = await direct(root, i);
      if (i > 0) havenRuns.push(h);
      if (i > 0) directRuns.push(d);
      const label = i === 0 ? 'warm-up (not counted)' : `round ${i}`;
      console.error(`  ${label}: Haven ${fmt(h.ms, 0)} ms, direct ${fmt(d.ms, 0)} ms`);
    }
    const h = havenRuns.map((r) => r.ms);
    const d = directRuns.map((r) => r.ms);
    const ms = (x: number) => `${fmt(x, 0)} ms`;
    const stepMedians = STEPS.map(
      (step, i) => `${step} ${ms(median(havenRuns.map((r) => r.steps[i] ?? 0)))}`,
    );
    const directSteps = (['copy', 'database', 'config', 'installer'] as const).map(
      (k) => `${k} ${ms(median(directRuns.map((r) => r[k])))}`,
    );
    const ratio = median(h) / median(d);
    // The job's own time, from the panel's log ('job done' with its ms): POST and polling excluded.
    const jobMs = (await readFile(join(panel.dataDir, 'panel.log'), 'utf8'))
      .split('\n')
      .filter((l) => l.includes('"job done"') && l.includes('webapp-install'))
      .map((l) => (JSON.parse(l) as { ms: number }).ms)
      .slice(1);
    return [
      `WordPress 6.1 (Debian's /usr/share/wordpress), ${ROUNDS} rounds interleaved after a warm-up, MariaDB ${MARIADB_URL.replace(/\/\/[^@]*@/, '//')}, PHP CLI ${PHP}`,
      `  Haven (POST to job done, polled every ${POLL_MS} ms): median ${ms(median(h))}, p90 ${ms(p90(h))} (rounds ${h.map((x) => fmt(x, 0)).join(' / ')})`,
      `    steps (medians, from the app's folder): ${stepMedians.join(', ')}`,
      `    the job itself (panel log): median ${ms(median(jobMs))} (${jobMs.join(' / ')})`,
      `  direct (cp -rL, SQL, config, wp_install()): median ${ms(median(d))}, p90 ${ms(p90(d))} (rounds ${d.map((x) => fmt(x, 0)).join(' / ')})`,
      `    steps (medians): ${directSteps.join(', ')}`,
      `  ratio Haven / direct (medians): ${fmt(ratio, 2)}; p90s: ${fmt(p90(h) / p90(d), 2)}`,
    ];
  } finally {
    await root.end();
    await panel.stop();
  }
}

if (process.argv[1]?.endsWith('webapp-install.ts')) {
  for (const line of await benchWebappInstall()) console.log(line);
}
