import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { dns } from '@haven/contract';
import { hasCommand, run } from '../../lib/process.ts';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

type Body = Record<string, unknown>;

describe('DNS API (BIND zone files)', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  const url = (c: TestCustomer, rest = '') => `/api/${c.domain}/webhosting/dns${rest}`;
  /** The mail area's DKIM key and DMARC policy, added through `zoneRecords` when a domain is made. */
  const fromMail = (r: { host: string; value: string }) =>
    r.host.endsWith('._domainkey') || (r.host === '_dmarc' && r.value.includes('p=quarantine'));
  const zoneFile = (c: TestCustomer) =>
    readFile(join(t.dataDir, 'dns', 'zones', `${c.domain}.zone`), 'utf8');
  const list = async (c = a, tk = token) =>
    (await t.call({ method: 'GET', url: url(c), token: tk })).json<dns.DnsList>();
  const add = (payload: Body, c = a) => t.call({ method: 'POST', url: url(c), token, payload });

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        HOSTING_IPV4: '192.0.2.10',
        HOSTING_IPV6: '2001:db8::10',
        PROVIDER_DOMAIN: 'hoster.test',
      },
    });
    a = await t.customer();
    b = await t.customer();
    token = await t.login(a);
  });
  afterAll(() => t.close());

  it('gives a new domain the default zone, served from a checked zone file', async () => {
    const l = await list();
    expect(l).toMatchObject({
      ns_remote: false,
      has_spamfilter: false,
      mx_target: 'mail.hoster.test',
      a_cname_host_count: 2,
    });
    const kinds = l.records.map((r) => `${r.record} ${r.host} ${r.value}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'HOST  192.0.2.10',
        'HOST www 192.0.2.10',
        'MX  mail.hoster.test',
        'TXT  v=spf1 a mx include:_spf.hoster.test ~all',
      ]),
    );
    expect(l.records.filter((r) => r.readonly).map((r) => r.record)).toEqual(['SOA', 'NS', 'NS']);
    expect(l.records.filter((r) => !r.readonly && !fromMail(r)).every((r) => r.isDefault)).toBe(
      true,
    );
    expect(l.records.filter(fromMail).map((r) => `${r.record} ${r.host}`)).toEqual([
      'TXT _dmarc',
      'TXT haven._domainkey',
    ]);
    const text = await zoneFile(a);
    expect(text).toContain(`$ORIGIN ${a.domain}.`);
    expect(text).toContain('$TTL 899');
    expect(text).toMatch(/^www\s+899\s+IN AAAA\s+2001:db8::10$/m);
    if (await hasCommand('named-checkzone', ['-v'])) {
      const path = join(t.dataDir, 'dns', 'zones', `${a.domain}.zone`);
      expect((await run('named-checkzone', ['-i', 'local', a.domain, path])).code).toBe(0);
    }
  });

  it('adds every kind, marks internal MX, and serves it', async () => {
    const before = (await list()).serial;
    const long = `v=DKIM1; k=rsa; p=${'A'.repeat(380)}`;
    const payloads: Body[] = [
      { record: 'A', host: 'mail', value: '192.0.2.25' },
      { record: 'AAAA', host: 'mail', value: '2001:DB8:0:0::25' },
      { record: 'C', host: 'shop', value: 'shops.example.org' },
      { record: 'MX', host: '', value: 'mail', priority: 20 },
      { record: 'TXT', host: 'sel._domainkey', value: long },
      {
        record: 'SRV',
        service: 'sip',
        protocol: 'tls',
        priority: 30,
        port: 5061,
        target: 'sip.example.org',
      },
      { record: 'CAA', host: '', tag: 'issue', value: 'letsencrypt.org' },
    ];
    for (const p of payloads) {
      const res = await add(p);
      expect(res.statusCode, JSON.stringify(p) + res.body).toBe(200);
    }
    const l = await list();
    expect(l.serial).toBeGreaterThan(before);
    const mx = l.records.filter((r) => r.record === 'MX');
    expect(mx.map((r) => [r.value, r.isInternal])).toEqual([
      ['mail.hoster.test', false],
      [`mail.${a.domain}`, true],
    ]);
    const cname = l.records.find((r) => r.host === 'shop');
    expect(cname).toMatchObject({ record: 'CNAME', target: 'shops.example.org' });
    const srv = l.records.find((r) => r.record === 'SRV');
    expect(srv).toMatchObject({
      domain: `_sip._tls.${a.domain}`,
      service: 'sip',
      protocol: 'tls',
      priority: 30,
      port: 5061,
      target: 'sip.example.org',
    });
    expect(l.records.find((r) => r.record === 'AAAA')?.value).toBe('2001:db8::25');
    const text = await zoneFile(a);
    expect(text).toMatch(/^_sip\._tls\s+899\s+IN SRV\s+30 0 5061 sip\.example\.org\.$/m);
    expect(text).toMatch(/^shop\s+899\s+IN CNAME\s+shops\.example\.org\.$/m);
    expect(text).toContain(`"${long.slice(0, 255)}" "${long.slice(255)}"`);
    const exported = (await t.call({ method: 'GET', url: url(a, '/zone-file'), token })).json<{
      zone_file: string;
      serial: number;
    }>();
    expect(exported.serial).toBe(l.serial);
    const body = (s: string) =>
      s
        .split('\n')
        .filter((x) => !x.startsWith(';'))
        .join('\n');
    expect(body(exported.zone_file)).toBe(body(text));
  });

  it("keeps customers apart: another customer's zone and records answer 404", async () => {
    const mine = (await list()).records.find((r) => r.host === 'shop')!;
    const other = await t.login(b);
    expect((await t.call({ method: 'GET', url: url(a), token: other })).statusCode).toBe(404);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.call({
        method,
        url: url(b, `/${mine.id}`),
        token: other,
        ...(method === 'POST' ? { payload: { record: 'A', host: 'x', value: '192.0.2.9' } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ custom_message: 'record_not_found' });
    }
    expect((await list()).records.find((r) => r.id === mine.id)).toMatchObject({ record: 'CNAME' });
    const email = await t.customer({ type: 'EMAIL' });
    expect(
      (await t.call({ method: 'GET', url: url(email), token: await t.login(email) })).statusCode,
    ).toBe(403);
  });

  it('edits and deletes records through the row helper calls', async () => {
    const l = await list();
    const shop = l.records.find((r) => r.host === 'shop')!;
    const edited = await t.call({
      method: 'POST',
      url: url(a, `/${shop.id}`),
      token,
      payload: { record: 'A', host: 'shop', value: '192.0.2.77', ttl: 3600 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ record: dns.DnsRecord }>().record).toMatchObject({
      id: shop.id,
      record: 'A',
      value: '192.0.2.77',
      ttl: 3600,
    });
    expect(await zoneFile(a)).toMatch(/^shop\s+3600\s+IN A\s+192\.0\.2\.77$/m);
    const gone = await t.call({ method: 'DELETE', url: url(a, `/${shop.id}`), token });
    expect(gone.json()).toEqual({ deleted: true });
    expect(await zoneFile(a)).not.toMatch(/^shop\s/m);
    expect((await t.call({ method: 'DELETE', url: url(a, `/${shop.id}`), token })).statusCode).toBe(
      404,
    );
    for (const r of (await list()).records.filter((x) => x.readonly)) {
      expect((await t.call({ method: 'DELETE', url: url(a, `/${r.id}`), token })).statusCode).toBe(
        422,
      );
    }
  });
});
