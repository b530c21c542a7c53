import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../lib/process.ts';
import { listenProxySocket, type ProxySocket } from './proxy-socket.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const isRoot = !skipWhenMissing('proxy socket group test', [process.getuid?.() !== 0 && 'root']);

/** GET `/` over the Unix socket at `path`: the status and the body (the peer the server saw). */
const get = (path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ socketPath: path, path: '/' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

/** A process listening on `path`, killed: its socket file stays behind, as after a crash. */
async function leaveStaleSocket(path: string): Promise<void> {
  const code =
    "require('node:net').createServer().listen(process.argv[1], () => console.log('up'))";
  const child = spawn(process.execPath, ['-e', code, path], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('the proxy socket', () => {
  let dir: string;
  let server: Server;
  let socket: ProxySocket | undefined;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'haven-socket-'));
    chmodSync(dir, 0o755);
    server = createServer((req, res) => res.end(`peer=${String(req.socket.remoteAddress)}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    await socket?.close();
    socket = undefined;
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands its connections to the HTTP server, mode 0660, and removes its file on close', async () => {
    const path = join(dir, 'run', 'panel.sock');
    socket = await listenProxySocket(server, path, undefined);
    expect(statSync(path).mode & 0o777).toBe(0o660);
    expect(await get(path)).toEqual({ status: 200, body: 'peer=undefined' });
    await socket.close();
    socket = undefined;
    expect(existsSync(path)).toBe(false);
  });

  it('replaces a socket a killed panel left, and refuses any other file there', async () => {
    const path = join(dir, 'panel.sock');
    await leaveStaleSocket(path);
    expect(statSync(path).isSocket()).toBe(true);
    socket = await listenProxySocket(server, path, undefined);
    expect((await get(path)).status).toBe(200);
    const other = join(dir, 'notes.txt');
    writeFileSync(other, 'keep me');
    await expect(listenProxySocket(server, other, undefined)).rejects.toThrow(/not a socket/);
    expect(statSync(other).isFile()).toBe(true);
  });

  it('refuses a group the system does not have', async () => {
    await expect(
      listenProxySocket(server, join(dir, 'panel.sock'), 'geen-groep-haven'),
    ).rejects.toThrow(/no group geen-groep-haven/);
  });

  it.skipIf(!isRoot)('lets the group in and keeps other users out', async () => {
    const path = join(dir, 'panel.sock');
    socket = await listenProxySocket(server, path, 'nogroup');
    const gid = Number((await run('getent', ['group', 'nogroup'])).stdout.split(':')[2]);
    expect(statSync(path).gid).toBe(gid);
    const curlAs = (ids: string[]) =>
      run('setpriv', [...ids, 'curl', '-s', '--unix-socket', path, 'http://panel/']);
    const member = await curlAs(['--reuid=65534', `--regid=${gid}`, '--clear-groups']);
    expect(member.stdout).toBe('peer=undefined');
    const stranger = await curlAs(['--reuid=65533', '--regid=65533', '--clear-groups']);
    expect(stranger.code).not.toBe(0);
    expect(stranger.stdout).toBe('');
  });
});
