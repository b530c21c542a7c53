import { request } from 'node:http';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand } from '../lib/process.ts';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';
import { freePort } from '../../test/free-port.ts';
import {
  documentedNginxBlock,
  startNginx,
  type RunningNginx,
} from '../../test/support/nginx-block.ts';
import { uploadForm } from '../../test/support/upload-form.ts';

// docs/operations.md's nginx server block, run as written in front of a listening panel (TLS
// left out): what operators copy must keep uploads, client addresses and kept connections working.
const hasNginx = await hasCommand('nginx', ['-v']);

describe.skipIf(!hasNginx)("operations.md's nginx in front of the panel", () => {
  let t: TestApp;
  let c: TestCustomer;
  let nginx: RunningNginx | undefined;
  let base: string;
  let panelConnections = 0;

  beforeAll(async () => {
    // As documented; the test's client comes from another loopback address than nginx's.
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    c = await t.customer();
    t.app.server.on('connection', () => (panelConnections += 1));
    const panel = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).host;
    const port = await freePort();
    nginx = await startNginx(documentedNginxBlock(port, panel), port);
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  /** Logs in through nginx from 127.0.0.2, claiming another address in X-Forwarded-For. */
  const login = () =>
    new Promise<string>((resolve, reject) => {
      const body = JSON.stringify({ domain: c.domain, username: c.username, password: c.password });
      const req = request(
        `${base}/api/auth/login`,
        {
          method: 'POST',
          localAddress: '127.0.0.2',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
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

  it('records the address nginx saw, not the one the client claimed', async () => {
    await login();
    const sessions = await t.ctx.db.selectFrom('sessions').select('ip').execute();
    expect(sessions.map((s) => s.ip)).toEqual(['127.0.0.2']);
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
