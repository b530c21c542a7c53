import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect, type PeerCertificate } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SslCertificate } from '@haven/contract/ssl';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { freePort } from '../../../test/free-port.ts';
import {
  get,
  portOpen,
  start,
  stop,
  until,
  type Started,
} from '../../../test/support/integration-services.ts';
import { hasCommand, run } from '../../lib/process.ts';
import type { SslService } from './ssl.service.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

// Debian's pebble as the ACME server on loopback; pebble-challtestsrv answers its DNS with
// 127.0.0.1, so HTTP-01 reaches the test's nginx on the port pebble is told (httpPort).
const HTTP = await freePort();
const HTTPS = await freePort();
const ACME = await freePort();
const ACME_MGMT = await freePort();
const DNS = await freePort();
const CHALL_MGMT = await freePort();
const tools = {
  nginx: await hasCommand('nginx', ['-v']),
  pebble: await hasCommand('pebble', ['-h']),
  openssl: await hasCommand('openssl', ['version']),
};
const missing = Object.entries(tools)
  .filter(([, ok]) => !ok)
  .map(([name]) => name);
const skip = skipWhenMissing('SSL integration test', missing);

/** The certificate nginx presents for a name (SNI), as a TLS client sees it. */
function peerCertificate(servername: string): Promise<PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = connect(
      { host: '127.0.0.1', port: HTTPS, servername, rejectUnauthorized: false },
      () => {
        const cert = socket.getPeerCertificate();
        socket.end();
        resolve(cert);
      },
    );
    socket.on('error', reject);
  });
}

describe.skipIf(skip)('SSL by ACME (pebble) on a real nginx', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let offset = 0;
  const procs: Started[] = [];
  const call = (method: 'GET' | 'POST', payload?: object) =>
    t.call({
      method,
      url: `/api/${a.domain}/webhosting/ssl`,
      token,
      ...(payload ? { payload } : {}),
    });
  const state = async () => (await call('GET')).json<SslCertificate>();
  const ssl = () =>
    (t.ctx.areas.find((x) => x.name === 'ssl') as unknown as { service: SslService }).service;
  const settled = () =>
    until(
      'the request to settle',
      async () => ((await state()).status === 'pending' ? undefined : state()),
      30_000,
    );

  /** pebble's certificate, key and config. */
  let dir = '';

  beforeAll(async () => {
    dir = join((await import('node:os')).tmpdir(), `haven-pebble-${process.pid}-${HTTP}`);
    await mkdir(dir, { recursive: true });
    const cert = join(dir, 'pebble.pem');
    const key = join(dir, 'pebble.key');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ]);
    const config = join(dir, 'pebble.json');
    await writeFile(
      config,
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${ACME}`,
          managementListenAddress: `127.0.0.1:${ACME_MGMT}`,
          certificate: cert,
          privateKey: key,
          httpPort: HTTP,
          tlsPort: await freePort(),
          ocspResponderURL: '',
          externalAccountBindingRequired: false,
        },
      }),
    );
    process.env.PEBBLE_VA_NOSLEEP = '1';
    process.env.PEBBLE_WFE_NONCEREJECT = '0';
    procs.push(
      start('challtestsrv', 'pebble-challtestsrv', [
        '-dns01',
        `127.0.0.1:${DNS}`,
        '-http01',
        '',
        '-https01',
        '',
        '-tlsalpn01',
        '',
        '-management',
        `127.0.0.1:${CHALL_MGMT}`,
        '-defaultIPv4',
        '127.0.0.1',
        '-defaultIPv6',
        '',
      ]),
    );
    procs.push(start('pebble', 'pebble', ['-config', config, '-dnsserver', `127.0.0.1:${DNS}`]));
    t = await createTestApp({
      clock: { now: () => Date.now() + offset },
      env: {
        HAVEN_WEB_LISTEN: `127.0.0.1:${HTTP}`,
        HAVEN_WEB_TLS_LISTEN: `127.0.0.1:${HTTPS}`,
        SSL_ACME_DIRECTORY: `https://127.0.0.1:${ACME}/dir`,
        SSL_ACME_CA_FILE: cert,
      },
    });
    await chmod(t.dataDir, 0o755);
    a = await t.customer({ premium: true });
    token = await t.login(a);
    const nginxDir = join(t.dataDir, 'web', 'nginx');
    procs.push(
      start('nginx', 'nginx', [
        '-c',
        join(nginxDir, 'nginx.conf'),
        '-p',
        `${nginxDir}/`,
        '-g',
        'daemon off;',
      ]),
    );
    try {
      for (const port of [HTTP, ACME]) await until(`port ${port}`, () => portOpen(port));
    } catch (error) {
      for (const p of procs) console.error(p.name, p.output());
      throw error;
    }
  }, 60_000);

  afterAll(async () => {
    for (const p of procs.reverse()) await stop(p);
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('issues through the API, serves it over HTTPS, redirects HTTP, renews without downtime', async () => {
    const before = await state();
    expect(before.status).toBe('inactive');
    expect(before.hostnames).toEqual([`www.${a.domain}`, a.domain]);

    const started = await call('POST', {});
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<SslCertificate>().status).toBe('pending');
    const again = await call('POST', {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ custom_message: 'ssl_pending' });

    const active = await settled();
    expect(active, JSON.stringify(active)).toMatchObject({
      status: 'active',
      type: 'DV',
      alg: 'ECDSA P-256',
    });
    expect(active.names.sort()).toEqual([a.domain, `www.${a.domain}`].sort());
    expect(active.issuer).toMatch(/Pebble/i);

    const first = await until('nginx to serve the certificate', async () => {
      const c = await peerCertificate(`www.${a.domain}`).catch(() => undefined);
      return c?.subjectaltname?.includes(`DNS:www.${a.domain}`) ? c : undefined;
    });
    // Until every old worker is gone (a reload is graceful), one may still answer the old way.
    const http = await until('the redirect to HTTPS', async () => {
      const r = await get(HTTP, `www.${a.domain}`, '/page?x=1');
      return r.status === 301 ? r : undefined;
    });
    expect(http.location).toBe(`https://www.${a.domain}:${HTTPS}/page?x=1`);

    // Renewal by the scheduled job once the certificate is within the renewal window; TLS
    // handshakes keep succeeding all the while (nginx reloads, never restarts).
    offset = (active.expiresAt ?? 0) - Date.now() - 86_400_000;
    let handshakes = 0;
    let failures = 0;
    let probing = true;
    const probe = (async () => {
      while (probing) {
        await peerCertificate(`www.${a.domain}`).then(
          () => handshakes++,
          () => failures++,
        );
      }
    })();
    expect(await ssl().renewDue()).toBe(1);
    await ssl().idle();
    offset = 0; // back to now, or the session would have expired
    expect((await state()).failure).toBeNull();
    const renewed = await until('the renewed certificate', async () => {
      const c = await peerCertificate(`www.${a.domain}`);
      return c.serialNumber !== first.serialNumber ? c : undefined;
    });
    probing = false;
    await probe;
    expect(renewed.subjectaltname).toContain(`DNS:${a.domain}`);
    expect(failures).toBe(0);
    expect(handshakes).toBeGreaterThan(0);
    expect((await state()).status).toBe('active');
  }, 60_000);

  it('adds a subdomain made after issuance to the certificate; nginx serves it with its name', async () => {
    const shop = `shop.${a.domain}`;
    const before = await peerCertificate(`www.${a.domain}`);
    expect(before.subjectaltname).not.toContain(`DNS:${shop}`);
    const made = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/webhosting/subdomain`,
      token,
      payload: { name: 'shop', phpHandlerId: null },
    });
    expect(made.statusCode, made.body).toBe(200);
    // At once: the new name is pending, never claimed as served securely; the others still are.
    const pending = await state();
    expect(pending.status).toBe('pending');
    expect(pending.coverage).toEqual([
      { name: `www.${a.domain}`, state: 'covered', failure: null },
      { name: a.domain, state: 'covered', failure: null },
      { name: shop, state: 'pending', failure: null },
    ]);
    expect(pending.url).toMatch(new RegExp(`^https://www\\.${a.domain}(\\.localhost)?:${HTTPS}/$`));

    const done = await settled();
    expect(done.status, JSON.stringify(done)).toBe('active');
    expect(done.coverage.map((c) => c.state)).toEqual(['covered', 'covered', 'covered']);
    expect(done.names.sort()).toEqual([a.domain, `www.${a.domain}`, shop].sort());
    const served = await until('nginx to serve the new name', async () => {
      const c = await peerCertificate(shop).catch(() => undefined);
      return c?.subjectaltname?.includes(`DNS:${shop}`) ? c : undefined;
    });
    expect(served.subjectaltname).toContain(`DNS:www.${a.domain}`);

    // Deleted: the name drops out of the list (no reissue; the next renewal leaves it out).
    const gone = await t.call({
      method: 'DELETE',
      url: `/api/${a.domain}/webhosting/subdomain/shop`,
      token,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await ssl().idle();
    const after = await state();
    expect(after.status).toBe('active');
    expect(after.coverage.map((c) => c.name)).toEqual([`www.${a.domain}`, a.domain]);
    expect(after.names).not.toContain(shop);
  }, 60_000);

  it("refuses names of another domain and another customer's domain", async () => {
    const other = await t.customer({ premium: true });
    const bad = await call('POST', { names: [`www.${other.domain}`] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ custom_message: 'ssl_invalid_names' });
    const foreign = await t.call({
      method: 'POST',
      url: `/api/${other.domain}/webhosting/ssl`,
      token,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
    const plain = await t.customer();
    const plainToken = await t.login(plain);
    const notOnPlan = await t.call({
      method: 'POST',
      url: `/api/${plain.domain}/webhosting/ssl`,
      token: plainToken,
      payload: {},
    });
    expect(notOnPlan.statusCode).toBe(403);
    expect(notOnPlan.json()).toEqual({ custom_message: 'ssl_not_in_plan' });
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/${plain.domain}/webhosting/ssl`,
          token: plainToken,
        })
      ).json<SslCertificate>().status,
    ).toBe('none');
  });
});
