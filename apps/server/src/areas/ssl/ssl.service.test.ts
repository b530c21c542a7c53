import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import type { SslSites } from '../../model/ssl-sites.ts';
import { IssueError, type CertificateIssuer } from '../../platform/acme/acme.port.ts';
import { createSslService, type SslService } from './ssl.service.ts';
import { createSslStore } from './ssl.store.ts';
import type { SslTables } from './ssl.tables.ts';

/**
 * The service's rules for the names a certificate covers, on the real SQL store with a stand-in
 * CA and sites (ssl.integration.test.ts runs the same against pebble and nginx).
 */
const DAY = 86_400_000;

function fakeIssuer() {
  const orders: string[][] = [];
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const state = { failOn: null as string | null };
  const issuer: CertificateIssuer = {
    kind: 'local-ca',
    async issue(names) {
      orders.push([...names]);
      await gate;
      if (state.failOn && names.includes(state.failOn))
        throw new IssueError('challenge', `${state.failOn}: the HTTP-01 answer was not served`);
      return { certPem: JSON.stringify(names), keyPem: 'key' };
    },
  };
  return {
    issuer,
    orders,
    state,
    /** The next orders wait until `release()`. */
    hold: () => void (gate = new Promise((resolve) => (open = resolve))),
    release: () => open(),
  };
}

describe('SSL covers the names being served', () => {
  let t: TestApp;
  let svc: SslService;
  let ca: ReturnType<typeof fakeIssuer>;
  let hostnames: string[];
  let domain: { id: number; name: string; premium: boolean; node: string };
  /** Where each certificate was installed: `<node> <domain>`. */
  let installs: string[];
  let now = Date.now();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await svc?.idle();
    await t?.close();
  });

  beforeEach(async () => {
    await svc?.idle();
    const c = await t.customer({ premium: true });
    const row = await t.ctx.customers.domainByName(c.domain);
    // On another node than the panel's own: answers and certificates go there.
    domain = { id: Number(row?.id), name: c.domain, premium: true, node: 'node-b' };
    installs = [];
    hostnames = [`www.${c.domain}`, c.domain];
    ca = fakeIssuer();
    now = Date.now();
    const sites: SslSites = {
      hostnames: async () => [...hostnames],
      apply: async () => {},
      paths: { acmeChallengeRoot: '/x', certDir: '/x', httpListen: [], tlsListen: [] },
      useTls: () => {},
    };
    svc = createSslService({
      store: createSslStore(t.ctx.database.db.withTables<SslTables>()),
      sites,
      issuer: ca.issuer,
      answers: () => ({ put: async () => {}, remove: async () => {} }),
      files: (node) => ({
        install: async (name) => void installs.push(`${node} ${name}`),
        remove: async () => {},
      }),
      certPaths: () => ({ certFile: '/c', keyFile: '/c' }),
      describe: (pem) => ({
        names: JSON.parse(pem) as string[],
        expiresAt: now + 90 * DAY,
        issuer: 'Test CA',
        alg: 'ECDSA P-256',
        serial: String(ca.orders.length),
      }),
      urlOf: (name) => `https://${name}/`,
      domainById: async (id) => (id === domain.id ? domain : null),
      renewBeforeMs: 30 * DAY,
      clock: { now: () => now },
      log: () => {},
    });
  });

  const issued = async () => {
    await svc.start(domain, {});
    await svc.idle();
  };
  const states = async () =>
    Object.fromEntries((await svc.get(domain)).coverage.map((c) => [c.name, c.state]));

  it('adds a subdomain made after issuance to the certificate, pending until it is', async () => {
    await issued();
    const shop = `shop.${domain.name}`;
    hostnames.push(shop);
    // Before the reissue: the new name is not claimed as served securely.
    expect((await svc.get(domain)).coverage.find((c) => c.name === shop)?.state).toBe('none');
    expect((await svc.tlsOf(domain))?.names).not.toContain(shop);

    ca.hold();
    await svc.subdomainAdded(domain);
    const during = await svc.get(domain);
    expect(during.status).toBe('pending');
    expect(await states()).toEqual({
      [`www.${domain.name}`]: 'covered',
      [domain.name]: 'covered',
      [shop]: 'pending',
    });
    // The old certificate keeps serving its names meanwhile.
    expect(during.url).toBe(`https://www.${domain.name}/`);
    ca.release();
    await svc.idle();

    expect(ca.orders.at(-1)).toEqual(hostnames);
    expect(installs).toEqual([`node-b ${domain.name}`, `node-b ${domain.name}`]);
    const after = await svc.get(domain);
    expect(after.status).toBe('active');
    expect(after.names.sort()).toEqual([...hostnames].sort());
    expect(after.coverage.every((c) => c.state === 'covered')).toBe(true);
    expect((await svc.tlsOf(domain))?.names).toContain(shop);
  });

  it('follows a request that ran while a subdomain was added with one for the new name', async () => {
    ca.hold();
    await svc.start(domain, {});
    hostnames.push(`blog.${domain.name}`);
    await svc.subdomainAdded(domain);
    expect((await svc.get(domain)).coverage.map((c) => c.state)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    ca.release();
    await svc.idle();
    expect(ca.orders).toEqual([hostnames.slice(0, 2), hostnames]);
    expect(Object.values(await states())).toEqual(['covered', 'covered', 'covered']);
  });

  it('keeps serving the covered names when the new one fails, says why, and asks again later', async () => {
    await issued();
    const shop = `shop.${domain.name}`;
    hostnames.push(shop);
    ca.state.failOn = shop;
    await svc.subdomainAdded(domain);
    await svc.idle();
    const failed = await svc.get(domain);
    expect(failed.status).toBe('active');
    expect(failed.coverage).toEqual([
      { name: `www.${domain.name}`, state: 'covered', failure: null },
      { name: domain.name, state: 'covered', failure: null },
      { name: shop, state: 'failed', failure: 'challenge' },
    ]);
    expect(failed.names).not.toContain(shop);
    expect((await svc.tlsOf(domain))?.names).not.toContain(shop);

    // The scheduled check asks again once the DNS may have been fixed (not at once).
    ca.state.failOn = null;
    expect(await svc.renewDue()).toBe(0);
    now += 2 * 60 * 60_000;
    expect(await svc.renewDue()).toBe(1);
    await svc.idle();
    expect((await states())[shop]).toBe('covered');
  });

  it('drops a deleted subdomain from the list without a reissue', async () => {
    hostnames.push(`shop.${domain.name}`);
    await issued();
    hostnames.pop();
    await svc.subdomainRemoved(domain, `shop.${domain.name}`);
    await svc.idle();
    expect(ca.orders).toHaveLength(1);
    const view = await svc.get(domain);
    expect(view.names.sort()).toEqual([...hostnames].sort());
    expect(view.coverage.map((c) => c.name)).toEqual(hostnames);
  });

  it('asks again for the other names when the deleted subdomain was what failed', async () => {
    const blog = `blog.${domain.name}`;
    hostnames.push(blog);
    ca.state.failOn = blog;
    await issued();
    expect((await svc.get(domain)).status).toBe('error');
    expect(Object.values(await states())).toEqual(['failed', 'failed', 'failed']);
    hostnames.pop();
    await svc.subdomainRemoved(domain, blog);
    await svc.idle();
    expect(ca.orders.at(-1)).toEqual(hostnames);
    expect((await svc.get(domain)).status).toBe('active');
  });

  it('requests nothing for a domain whose customer never asked for SSL', async () => {
    hostnames.push(`shop.${domain.name}`);
    await svc.subdomainAdded(domain);
    await svc.idle();
    expect(ca.orders).toHaveLength(0);
    const view = await svc.get(domain);
    expect(view.status).toBe('inactive');
    expect(view.url).toBeNull();
    expect(Object.values(await states())).toEqual(['none', 'none', 'none']);
  });
});
