import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { run } from '../../src/lib/process.ts';
import { freePort } from '../free-port.ts';

/**
 * The MariaDB server the integration tests use (test support, not app code): `MARIADB_URL` or
 * the machine's server on 127.0.0.1:3306 when it answers; otherwise a private instance started
 * on a free port of 127.0.0.1 in a temp dir and stopped afterwards; `null` when MariaDB is not installed.
 */
export interface TestMariadb {
  url: string;
  /** A root connection for checks and cleanup. */
  root(): Promise<Connection>;
  stop(): Promise<void>;
}

const MARIADBD = '/usr/sbin/mariadbd';

async function answers(url: string): Promise<boolean> {
  try {
    const c = await createConnection({ uri: url, connectTimeout: 2000 });
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function startPrivate(): Promise<TestMariadb | null> {
  if (!existsSync(MARIADBD)) return null;
  const dir = await mkdtemp(join(tmpdir(), 'haven-mariadb-'));
  const data = join(dir, 'data');
  const install = await run(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${data}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { timeoutMs: 120_000 },
  );
  if (install.code !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr}`);
  const pid = join(dir, 'm.pid');
  const port = await freePort();
  const started = await run(
    'start-stop-daemon',
    [
      '--start',
      '--background',
      '--pidfile',
      pid,
      '--exec',
      MARIADBD,
      '--',
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${join(dir, 'm.sock')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--user=root',
      `--pid-file=${pid}`,
      `--log-error=${join(dir, 'error.log')}`,
      '--skip-name-resolve',
    ],
    { timeoutMs: 30_000 },
  );
  if (started.code !== 0) throw new Error(`mariadbd did not start: ${started.stderr}`);
  const url = `mysql://root@127.0.0.1:${port}`;
  for (let i = 0; i < 100 && !(await answers(url)); i++)
    await new Promise((r) => setTimeout(r, 200));
  return {
    url,
    root: () => createConnection({ uri: url }),
    async stop() {
      await run('start-stop-daemon', ['--stop', '--pidfile', pid, '--retry', '10'], {
        timeoutMs: 30_000,
      }).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function testMariadb(): Promise<TestMariadb | null> {
  const url = process.env.MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
  if (await answers(url))
    return { url, root: () => createConnection({ uri: url }), stop: async () => {} };
  return startPrivate();
}

/** A name no other test run uses, for the parts the tests choose. */
export function uniquePart(label: string): string {
  return `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(
    0,
    16,
  );
}
