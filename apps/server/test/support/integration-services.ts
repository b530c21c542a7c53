import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';

/**
 * Test support for the integration test: real nginx, php-fpm and pure-ftpd started from the
 * config Haven generated, on loopback ports of this area's range, stopped afterwards.
 */
export interface Started {
  name: string;
  child: ChildProcess;
  output: () => string;
}

export function start(name: string, command: string, args: string[]): Started {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { name, child, output: () => out };
}

export async function stop(s: Started | undefined): Promise<void> {
  if (!s || s.child.exitCode !== null) return;
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
}

export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`, { cause: last });
}

export const portOpen = (port: number) =>
  new Promise<true | undefined>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(undefined));
  });

type Answer = { status: number; body: string; location: string | undefined };

/**
 * GET on 127.0.0.1 with a Host header (fetch may not set Host). A connection reset is tried
 * again (twice): during a reload a retiring nginx worker may close a connection it just took.
 */
export async function get(
  port: number,
  host: string,
  path: string,
  auth?: string,
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getOnce(port, host, path, auth);
    } catch (error) {
      const reset = (error as NodeJS.ErrnoException).code === 'ECONNRESET';
      if (!reset || attempt === 3) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function getOnce(port: number, host: string, path: string, auth?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host };
    if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
    // A fresh connection each time: a kept-alive one may belong to a worker a reload retires.
    const req = request(
      { host: '127.0.0.1', port, path, headers, timeout: 5000, agent: false },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
