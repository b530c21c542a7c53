// The panel as shipped: the built server (apps/server/dist, `npm run build`) started like
// `npm start` (its node flags, logging at the default level into a file as journald would take
// it) on a temp data dir, on SQLite or PostgreSQL, one customer made with the operator CLI,
// logged in over HTTP. Benchmarks measure this process, not one running TypeScript through tsx.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterPids } from './cpu.ts';

const SERVER = join(import.meta.dirname, '..', '..', 'apps', 'server');
export const PANEL_DOMAIN = 'bench.test';
export const PANEL_PASSWORD = 'Bench-Pass-2024!x';

export type BenchDatabase = 'sqlite' | 'postgres';

/** The PostgreSQL server a bench makes its own database on (the tests' HAVEN_TEST_PG by default). */
const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ??
  process.env.HAVEN_TEST_PG ??
  'postgres://postgres@127.0.0.1:5432/test';

function psql(sql: string): void {
  const r = spawnSync('psql', [PG_ADMIN_URL, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(`psql failed: ${r.error?.message ?? r.stderr}`);
}

/** A fresh database for one panel, and how to drop it. */
function postgresDatabase(): { url: string; drop: () => void } {
  const name = `haven_bench_${randomBytes(6).toString('hex')}`;
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface PanelOptions {
  database?: BenchDatabase;
  /** Runs on the panel's environment after the CLI made its customer, before the panel starts. */
  prepare?: (env: Record<string, string | undefined>) => Promise<void>;
  /** Another build of apps/server (its dist/ and package.json), e.g. a baseline's. */
  server?: string;
}

export interface Panel {
  port: number;
  database: BenchDatabase;
  token: string;
  pid: number;
  dataDir: string;
  /** The panel's node processes: itself, or with BENCH_WORKERS its cluster's primary and workers. */
  nodePids: () => number[];
  /** The customer's home (local profile: under the data dir). */
  home: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** The node flags and script of `npm start` (apps/server's start script), so the bench runs the panel as shipped. */
function startArgs(server: string): { args: string[]; script: string } {
  const pkg = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [, ...flags] = pkg.scripts.start.split(/\s+/);
  const script = flags.pop()!;
  // BENCH_NODE_FLAGS adds flags for a diagnosis (`--cpu-prof --cpu-prof-dir=/tmp/prof`), never for
  // a figure; after the start script's own, so one of them can be overridden for an experiment.
  const extra = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  return { args: [...flags, ...extra, WORKERS > 1 ? WORKERS_SCRIPT : script], script };
}

/** BENCH_WORKERS=N runs the panel's script in N processes behind node:cluster (workers.ts). */
export const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const WORKERS_SCRIPT = join(import.meta.dirname, 'workers.ts');

/** A free port on 127.0.0.1 (the OS's choice for port 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

export async function startPanel(
  extraEnv: Record<string, string> = {},
  options: PanelOptions = {},
): Promise<Panel> {
  const server = options.server ?? SERVER;
  if (!existsSync(join(server, 'dist', 'main.mjs')))
    throw new Error('apps/server/dist missing: run `npm run build` first');
  const database = options.database ?? 'sqlite';
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-bench-'));
  const pg = database === 'postgres' ? postgresDatabase() : undefined;
  // LOG_LEVEL is left to the panel's default (info), as in production.
  const inherited = { ...process.env };
  delete inherited.LOG_LEVEL;
  const env: Record<string, string | undefined> = {
    ...inherited,
    HAVEN_DATA_DIR: dataDir,
    HAVEN_SECRET: 'b'.repeat(40),
    HAVEN_SEED_DEMO: '0',
    // System users are machine-wide: two bench runs must not share them.
    HAVEN_DOMAIN_USERS: 'off',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...extraEnv,
  };
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['dist/cli.mjs', ...args], {
      cwd: server,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (r.status !== 0) throw new Error(`haven ${args[0]} failed: ${r.stderr || r.stdout}`);
  };
  cli('customer:create', '--name', 'Bench', '--email', 'bench@bench.test');
  cli('domain:add', '--customer', '1', '--domain', PANEL_DOMAIN, '--max-databases', '10');
  cli(
    'login:add',
    '--domain',
    PANEL_DOMAIN,
    '--username',
    'beheer',
    '--type',
    'HOSTING',
    '--email',
    'b@bench.test',
    '--password',
    PANEL_PASSWORD,
    '--primary',
  );

  await options.prepare?.(env);

  const port = await freePort();
  const log = openSync(join(dataDir, 'panel.log'), 'a');
  const start = startArgs(server);
  const child = spawn(process.execPath, start.args, {
    cwd: server,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HAVEN_BENCH_MAIN: join(server, start.script),
    },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`panel exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new Error('panel did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain: PANEL_DOMAIN, username: 'beheer', password: PANEL_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // BENCH_PANEL_LOG keeps the panel's log (its stdout) for a diagnosis, e.g. with --trace-gc.
    if (process.env.BENCH_PANEL_LOG)
      copyFileSync(join(dataDir, 'panel.log'), process.env.BENCH_PANEL_LOG);
    rmSync(dataDir, { recursive: true, force: true });
    pg?.drop();
  };
  return {
    port,
    database,
    token,
    pid: child.pid!,
    nodePids: () => (WORKERS > 1 ? clusterPids(child.pid!) : [child.pid!]),
    dataDir,
    home: join(dataDir, 'homes', PANEL_DOMAIN),
    child,
    stop,
  };
}
