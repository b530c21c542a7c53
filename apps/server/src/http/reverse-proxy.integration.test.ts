import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request, type RequestOptions } from 'node:http';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand } from '../lib/process.ts';
import { listenProxySocket, type ProxySocket } from '../platform/proxy-socket/proxy-socket.ts';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';
import { freePort } from '../../test/free-port.ts';
import {
  documentedNginxBlock,
  startNginx,
  type RunningNginx,
} from '../../test/support/nginx-block.ts';
import { uploadForm } from '../../test/support/upload-form.ts';
import { skipWhenMissing } from '../../test/support/missing-tools.ts';

// docs/operations.md's nginx server block, run as written in front of a panel listening on its
// proxy socket (TLS left out): what operators copy must keep uploads, client addresses and kept
// connections working, and the panel's TCP port must not believe anyone's X-Forwarded-For.
const hasNginx = !skipWhenMissing('reverse proxy test', [
  !(await hasCommand('nginx', ['-v'])) && 'nginx',
]);
// nginx started by root runs its workers as nobody (group nogroup), as Debian's run as www-data.
const group = process.getuid?.() === 0 ? 'nogroup' : undefined;

describe.skipIf(!hasNginx)("operations.md's nginx in front of the panel", () => {
  let t: TestApp;
  let c: TestCustomer;
  let nginx: RunningNginx | undefined;
  let base: string;
  let direct: string;
  let panelConnections = 0;
  let socket: ProxySocket | undefined;
  let socketDir: string | undefined;
  let socketFile: string;

  beforeAll(async () => {
    // Made here, not at collection: a skipped suite (no nginx) leaves no folder behind.
    socketDir = mkdtempSync(join(tmpdir(), 'haven-run-'));
    chmodSync(socketDir, 0o755);
    socketFile = join(socketDir, 'panel.sock');
    // As documented: the TCP port and the proxy socket (main.ts opens both the same way).
    t = await createTestApp({ env: { PROXY_SOCKET: socketFile } });
    c = await t.customer();
    t.app.server.on('connection', () => (panelConnections += 1));
    direct = await t.app.listen({ port: 0, host: '127.0.0.1' });
    socket = await listenProxySocket(t.app.server, socketFile, group);
    const port = await freePort();
    nginx = await startNginx(documentedNginxBlock(port, socketFile), port);
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await nginx?.stop();
    await socket?.close();
    await t?.close();
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
  });

  const FROM_CLIENT: RequestOptions = {
    localAddress: '127.0.0.2',
    headers: { 'x-forwarded-for': '203.0.113.9' },
  };

  /** Logs in (by default through nginx from 127.0.0.2, claiming another address). */
  const login = (to = base, from = FROM_CLIENT) =>
    new Promise<string>((resolve, reject) => {
      const body = JSON.stringify({ domain: c.domain, username: c.username, password: c.password });
      const req = request(
        `${to}/api/auth/login`,
        {
          ...from,
          method: 'POST',
          headers: { ...from.headers, 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            res.statusCode === 200
              ? resolve((JSON.parse(text) as { token: string }).token)
              : reject(new Error(`login: ${res.statusCode} ${text}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  /** The address recorded for a login, the only session then. */
  const loginIps = async (to?: string, from?: RequestOptions) => {
    await t.ctx.db.deleteFrom('sessions').execute();
    await login(to, from);
    return (await t.ctx.db.selectFrom('sessions').select('ip').execute()).map((s) => s.ip);
  };

  it('records the address nginx saw, not the one the client claimed', async () => {
    expect(await loginIps()).toEqual(['127.0.0.2']);
  });

  it('ignores the claim sent to the panel’s TCP port, as a website’s PHP could', async () => {
    // Believed, it would say 203.0.113.9.
    expect(await loginIps(direct.replace(/\/$/, ''))).toEqual(['127.0.0.2']);
  });

  it('counts a call on the socket that names no client as local', async () => {
    expect(await loginIps('http://panel', { socketPath: socketFile })).toEqual(['local']);
  });

  it('streams an upload over nginx’s own 1 MB limit through to the home', async () => {
    const token = await login();
    const { payload, headers } = uploadForm([['groot.bin', Buffer.alloc(3 * 1024 * 1024, 7)]]);
    const res = await fetch(
      `${base}/api/${c.domain}/webhosting/filemanager/upload?path=%2Fhttpdocs`,
      { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: payload },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ paths: ['/httpdocs/groot.bin'] });
    const file = await stat(join(t.dataDir, 'homes', c.domain, 'httpdocs', 'groot.bin'));
    expect(file.size).toBe(3 * 1024 * 1024);
  });

  it('keeps its connections to the panel: 30 requests, not 30 connections', async () => {
    const token = await login();
    const before = panelConnections;
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${base}/api/user`, {
        headers: { authorization: `Bearer ${token}`, connection: 'close' },
      });
      expect(res.status).toBe(200);
    }
    expect(panelConnections - before).toBeLessThanOrEqual(1);
  });
});
