import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { dns } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

type Body = Record<string, unknown>;

// Each test has a customer of its own: the website forward's apex rule and the spam filter's MX lock.
describe('DNS API: website forward and the spam filter', () => {
  let t: TestApp;
  const url = (c: TestCustomer, rest = '') => `/api/${c.domain}/webhosting/dns${rest}`;
  /** The mail area's DKIM key and DMARC policy, added through `zoneRecords` when a domain is made. */
  const fromMail = (r: { host: string; value: string }) =>
    r.host.endsWith('._domainkey') || (r.host === '_dmarc' && r.value.includes('p=quarantine'));
  const list = async (c: TestCustomer, tk: string) =>
    (await t.call({ method: 'GET', url: url(c), token: tk })).json<dns.DnsList>();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        HOSTING_IPV4: '192.0.2.10',
        HOSTING_IPV6: '2001:db8::10',
        PROVIDER_DOMAIN: 'hoster.test',
      },
    });
  });
  afterAll(() => t.close());

  it('allows one website forward, only with the apex free of address records', async () => {
    const c = await t.customer();
    const tk = await t.login(c);
    const l = await list(c, tk);
    const apex = l.records.find((r) => r.record === 'HOST' && r.host === '')!;
    const call = (method: 'POST' | 'DELETE' | 'GET', rest: string, payload?: Body) =>
      t.call({ method, url: url(c, rest), token: tk, ...(payload ? { payload } : {}) });
    expect(
      (await call('GET', '/available'))
        .json<dns.DnsAvailable>()
        .kinds.find((k) => k.record === 'FORWARD')?.blocked,
    ).toBe('forward_address_conflict');
    await call('DELETE', `/${apex.id}`);
    expect(
      (await call('POST', '', { record: 'FORWARD', value: 'https://www.example.org/welkom' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '', { record: 'FORWARD', value: 'https://other.example.org/' })).json(),
    ).toEqual({ custom_message: 'forward_exists' });
    expect((await call('POST', '', { record: 'A', host: '*', value: '192.0.2.1' })).json()).toEqual(
      { custom_message: 'forward_exists' },
    );
    expect(
      (await call('POST', '', { record: 'AAAA', host: '', value: '2001:db8::1' })).json(),
    ).toEqual({ custom_message: 'forward_exists' });
    expect(
      (await call('POST', '', { record: 'A', host: 'blog', value: '192.0.2.1' })).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', '/available'))
        .json<dns.DnsAvailable>()
        .kinds.find((k) => k.record === 'FORWARD')?.blocked,
    ).toBe('forward_exists');
    const text = await readFile(join(t.dataDir, 'dns', 'zones', `${c.domain}.zone`), 'utf8');
    expect(text).toMatch(/^@\s+899\s+IN A\s+192\.0\.2\.10$/m);
  });

  it('locks MX changes while the spam filter is active and resets to the defaults after a preview', async () => {
    const c = await t.customer();
    const tk = await t.login(c);
    const row = await t.ctx.customers.domainByName(c.domain);
    const { toDomainRef } = await import('../../customers/customers.store.ts');
    const call = (method: 'POST' | 'DELETE' | 'GET', rest: string, payload?: Body) =>
      t.call({ method, url: url(c, rest), token: tk, ...(payload ? { payload } : {}) });
    // The customer changes mail's DMARC policy (a second one would be refused: dmarc_exists).
    const dmarc = (await list(c, tk)).records.find((r) => r.host === '_dmarc')!;
    expect(
      (
        await call('POST', `/${dmarc.id}`, {
          record: 'TXT',
          host: '_dmarc',
          value: 'v=DMARC1; p=none',
        })
      ).statusCode,
    ).toBe(200);
    const svc = (t.ctx.areas.find((x) => x.name === 'dns') as unknown as { svc?: unknown }).svc;
    expect(svc).toBeUndefined();
    await t.ctx.db
      .updateTable('dns_zones')
      .set({ has_spamfilter: 1 })
      .where('domain_id', '=', row!.id)
      .execute();
    const l = await list(c, tk);
    expect(l.has_spamfilter).toBe(true);
    const mx = l.records.find((r) => r.record === 'MX')!;
    expect((await call('DELETE', `/${mx.id}`)).json()).toEqual({
      custom_message: 'spamfilter_active',
    });
    expect((await call('POST', '', { record: 'MX', value: 'mx.example.org' })).json()).toEqual({
      custom_message: 'spamfilter_active',
    });
    expect(
      (await call('GET', '/available'))
        .json<dns.DnsAvailable>()
        .kinds.find((k) => k.record === 'MX')?.blocked,
    ).toBe('spamfilter_active');
    const preview = (await call('GET', '/default')).json<dns.DnsResetPreview>();
    expect(preview.remove.filter((r) => !fromMail(r)).map((r) => `${r.record} ${r.host}`)).toEqual([
      'MX ',
      'TXT _dmarc',
    ]);
    expect(
      preview.add.map(({ record: r, because }) => [r.record, r.value, r.isSpamfilter, because]),
    ).toEqual([
      ['MX', 'mx1.spamfilter.hoster.test', true, 'provider'],
      ['MX', 'mx2.spamfilter.hoster.test', true, 'provider'],
      ['TXT', expect.stringContaining('p=quarantine'), false, 'mail'],
    ]);
    expect(preview.keep.filter((k) => k.because === 'mail').map((k) => k.record.host)).toEqual([
      expect.stringMatching(/\._domainkey$/),
    ]);
    const before = l.serial;
    const reset = (await call('POST', '/default')).json<dns.DnsList>();
    expect(reset.serial).toBeGreaterThan(before);
    expect(reset.records.filter((r) => r.record === 'MX').map((r) => r.value)).toEqual([
      'mx1.spamfilter.hoster.test',
      'mx2.spamfilter.hoster.test',
    ]);
    // The customer's own DMARC is gone; mail's is back, as mail is on (areas/registry.ts).
    expect(reset.records.filter((r) => r.host === '_dmarc').every(fromMail)).toBe(true);
    expect(toDomainRef(row!).name).toBe(c.domain);
  });
});
