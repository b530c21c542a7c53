import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { dns } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { hasCommand } from '../../lib/process.ts';
import {
  get,
  portOpen,
  start,
  stop,
  until,
  type Started,
} from '../../../test/support/integration-services.ts';
import { freePort } from '../../../test/free-port.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

// The DNS website forward served by a real nginx from the config Haven writes (issue #16).
const HTTP = await freePort();
const hasNginx = await hasCommand('nginx', ['-v']);
const skip = skipWhenMissing('DNS forward integration test', [!hasNginx && 'nginx']);

describe.skipIf(skip)('DNS website forward on a real nginx', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let nginx: Started | undefined;
  const call = (method: 'GET' | 'POST' | 'DELETE', path = '', payload?: object) =>
    t.call({
      method,
      url: `/api/${a.domain}/webhosting/dns${path}`,
      token,
      ...(payload ? { payload } : {}),
    });
  const nginxDir = () => join(t.dataDir, 'web', 'nginx');
  const forwardFile = () => join(nginxDir(), 'forwards', `${a.domain}.conf`);
  const records = async () => (await call('GET')).json<dns.DnsList>().records;
  /** The answer for a path of the forwarded host, once nginx serves what is expected. */
  const answer = (host: string, expected: (r: { status: number; location?: string }) => boolean) =>
    until(`${host} answers as expected`, async () => {
      const r = await get(HTTP, host, '/some/path?x=1');
      return expected(r) ? r : undefined;
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { HAVEN_WEB_LISTEN: `127.0.0.1:${HTTP}` } });
    await chmod(t.dataDir, 0o755);
    // A hosting customer: its www site claims the domain and www too, and the forward must win.
    a = await t.customer();
    token = await t.login(a);
    const dir = nginxDir();
    nginx = start('nginx', 'nginx', [
      '-c',
      join(dir, 'nginx.conf'),
      '-p',
      `${dir}/`,
      '-g',
      'daemon off;',
    ]);
    try {
      await until('nginx', () => portOpen(HTTP));
    } catch (error) {
      console.error(nginx.output());
      throw error;
    }
    // The forward needs the domain itself free of address records.
    const apex = (await records()).find((r) => r.record === 'HOST' && r.host === '');
    expect((await call('DELETE', `/${apex?.id ?? 0}`)).statusCode).toBe(200);
  }, 60_000);

  // A test that failed halfway leaves its forward: the next one starts without it all the same.
  afterEach(async () => {
    for (const r of await records()) if (r.record === 'FORWARD') await call('DELETE', `/${r.id}`);
  });

  afterAll(async () => {
    await stop(nginx);
    await t?.close();
  });

  it('redirects every path, permanently, then temporarily, and stops when deleted', async () => {
    const host = `${a.domain}.localhost`;
    const target = 'https://www.example.org/welkom?van=haven';
    const created = await call('POST', '', { record: 'FORWARD', value: target });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<{ record: dns.DnsRecord }>().record;
    expect(record.redirect).toBe(301);
    const permanent = await answer(host, (r) => r.status === 301);
    expect(permanent.location).toBe(target);
    expect((await answer(`www.${host}`, (r) => r.status === 301)).location).toBe(target);

    const changed = await call('POST', `/${record.id}`, {
      record: 'FORWARD',
      value: 'https://example.net/',
      redirect: 302,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ record: dns.DnsRecord }>().record.redirect).toBe(302);
    const temporary = await answer(host, (r) => r.status === 302);
    expect(temporary.location).toBe('https://example.net/');

    expect((await call('DELETE', `/${record.id}`)).statusCode).toBe(200);
    await expect(readFile(forwardFile(), 'utf8')).rejects.toThrow(/ENOENT/);
    // The www site serves the domain again: no redirect any more.
    const after = await answer(host, (r) => r.status !== 301 && r.status !== 302);
    expect(after.location).toBeUndefined();
  });

  it('undoes the record when nginx refuses the config, with forward_unavailable', async () => {
    const broken = join(nginxDir(), 'sites', 'zz-broken.conf');
    await writeFile(broken, 'this is not nginx config;\n');
    try {
      const res = await call('POST', '', { record: 'FORWARD', value: 'https://example.org/' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ custom_message: 'forward_unavailable' });
      expect((await records()).some((r) => r.record === 'FORWARD')).toBe(false);
      await expect(readFile(forwardFile(), 'utf8')).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(broken, { force: true });
    }
  });
});
