import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { freePort } from '../free-port.ts';
import {
  hashNatsPassword,
  reloadNatsServer,
  writeNatsAuthorization,
} from '../../src/platform/node-bus/nats-auth.ts';
import { nodeUser } from '../../src/platform/node-bus/nats-subjects.ts';

/**
 * A private nats-server with JetStream for the node-bus tests (test support, not app code):
 * 127.0.0.1 on a free port, its store in a temp dir, the panel's and each node's users from
 * `nats-auth.ts` in an included file, as in production. `restart()` keeps the port and the
 * store (file storage), as a server restarted by systemd would.
 */
export const NATS_SERVER = '/usr/sbin/nats-server';

export interface NatsLogin {
  user: string;
  pass: string;
}

export interface TestNats {
  url: string;
  /** The authorization include nats.conf reads, and the pid file a reload signals. */
  authFile: string;
  pidFile: string;
  panel: NatsLogin;
  /** The credentials of a node listed so far (`setNodes`). */
  node(name: string): NatsLogin;
  /** Writes the authorization file for these nodes (new passwords for new ones) and reloads. */
  setNodes(names: readonly string[]): Promise<void>;
  /** Stops it (SIGTERM, or SIGKILL for a crash) and starts it again on the same port and store. */
  restart(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  stop(): Promise<void>;
}

export const hasNatsServer = () => existsSync(NATS_SERVER);

/** bcrypt's lowest cost: the tests check who may do what, not how slow a guess is. */
const COST = 4;

const secret = () => randomBytes(18).toString('base64url');

export interface TestNatsOptions {
  /** The address it listens on (a test host's veth address); default 127.0.0.1. */
  host?: string;
  /** TLS required of every client, with this certificate and key. */
  tls?: { certFile: string; keyFile: string };
}

export async function startTestNats(
  nodes: readonly string[],
  options: TestNatsOptions = {},
): Promise<TestNats> {
  const host = options.host ?? '127.0.0.1';
  const dir = await mkdtemp(join(tmpdir(), 'haven-nats-'));
  const port = await freePort(host);
  const conf = join(dir, 'nats.conf');
  const authFile = join(dir, 'auth.conf');
  const pidFile = join(dir, 'nats.pid');
  const panel = { user: 'panel', pass: secret() };
  const panelHash = await hashNatsPassword(panel.pass, COST);
  const logins = new Map<string, NatsLogin>();
  const hashes = new Map<string, string>();

  const listed = new Set<string>();
  const writeAuth = async (names: readonly string[]) => {
    listed.clear();
    for (const n of names) listed.add(n);
    for (const n of names) {
      if (logins.has(n)) continue;
      const pass = secret();
      logins.set(n, { user: nodeUser(n), pass });
      hashes.set(n, await hashNatsPassword(pass, COST));
    }
    const nodeList = names.map((node) => ({ node, passwordHash: hashes.get(node) ?? '' }));
    await writeNatsAuthorization(authFile, {
      panel: { user: panel.user, passwordHash: panelHash },
      nodes: nodeList,
    });
  };
  await writeAuth(nodes);
  await writeFile(
    conf,
    [
      `listen: "${host}:${port}"`,
      ...(options.tls
        ? [
            `tls { cert_file: ${JSON.stringify(options.tls.certFile)}, key_file: ${JSON.stringify(options.tls.keyFile)} }`,
          ]
        : []),
      `server_name: "haven-test"`,
      `pid_file: ${JSON.stringify(pidFile)}`,
      `jetstream { store_dir: ${JSON.stringify(join(dir, 'js'))}, max_memory_store: 64MB, max_file_store: 256MB }`,
      `include "auth.conf"`,
      '',
    ].join('\n'),
  );

  let child: ChildProcess | null = null;
  let log = '';
  const start = async () => {
    log = '';
    const c = spawn(NATS_SERVER, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    c.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    c.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    for (let i = 0; !(await accepts(host, port)); i++) {
      if (c.exitCode !== null || i > 100) {
        c.kill('SIGKILL');
        throw new Error(`nats-server did not start:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const halt = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    const timer = setTimeout(() => c.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `${options.tls ? 'tls' : 'nats'}://${host}:${port}`;
  return {
    url,
    authFile,
    pidFile,
    panel,
    node(name) {
      const login = logins.get(name);
      if (!login) throw new Error(`no NATS user for node ${name}`);
      return login;
    },
    async setNodes(names) {
      const before = [...logins.keys()].filter((n) => listed.has(n));
      await writeAuth(names);
      await reloadNatsServer(pidFile, NATS_SERVER);
      // The signal returns before the server has read its config: wait until logins show it.
      for (let i = 0; ; i++) {
        const inNow = await Promise.all(names.map((n) => canLogin(url, logins.get(n))));
        const out = before.filter((n) => !names.includes(n));
        const outNow = await Promise.all(out.map((n) => canLogin(url, logins.get(n))));
        if (inNow.every(Boolean) && !outNow.some(Boolean)) break;
        if (i > 100) throw new Error('nats-server did not take the new authorization');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async restart(signal) {
      await halt(signal);
      await start();
    },
    async stop() {
      await halt();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function canLogin(url: string, login: NatsLogin | undefined): Promise<boolean> {
  if (!login) return false;
  try {
    const nc = await connect({ servers: url, ...login, maxReconnectAttempts: 0, timeout: 2000 });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
