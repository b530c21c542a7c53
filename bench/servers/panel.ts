// The panel as shipped: the built server (apps/server/dist, `npm run build`) started like
// `npm start` on a temp data dir, one customer made with the operator CLI, logged in over HTTP.
// Benchmarks measure this process, not one running TypeScript through tsx.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER = join(import.meta.dirname, '..', '..', 'apps', 'server');
export const PANEL_DOMAIN = 'bench.test';
export const PANEL_PASSWORD = 'Bench-Pass-2024!x';

export interface Panel {
  port: number;
  token: string;
  pid: number;
  dataDir: string;
  /** The customer's home (local profile: under the data dir). */
  home: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** The node flags and script of `npm start` (apps/server's start script), so the bench runs the panel as shipped. */
function startArgs(server: string): string[] {
  const pkg = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(/\s+/).slice(1);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** `server`: another build of apps/server (its dist/ and package.json), e.g. a baseline's. */
export async function startPanel(
  extraEnv: Record<string, string> = {},
  server = SERVER,
): Promise<Panel> {
  if (!existsSync(join(server, 'dist', 'main.mjs')))
    throw new Error('apps/server/dist missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-bench-'));
  const env = {
    ...process.env,
    HAVEN_DATA_DIR: dataDir,
    HAVEN_SECRET: 'b'.repeat(40),
    HAVEN_SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
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

  const port = await freePort();
  const child = spawn(process.execPath, startArgs(server), {
    cwd: server,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    port,
    token,
    pid: child.pid!,
    dataDir,
    home: join(dataDir, 'homes', PANEL_DOMAIN),
    child,
    stop,
  };
}
