import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { dns } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import {
  hasPowerDns,
  startTestPowerDns,
  type TestPowerDns,
} from '../../../test/support/pdns-test-server.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

type Body = Record<string, unknown>;

const installed = await hasPowerDns();
const skip = skipWhenMissing('dns.powerdns.api test', [!installed && 'pdns_server']);

/**
 * Haven against a real PowerDNS (the Debian profile): every change through the API must be what
 * `dig` gets from the server, and a refused change must leave the served zone as it was.
 */
describe.skipIf(skip)('DNS API served by a real PowerDNS', () => {
  let pdns: TestPowerDns;
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  const url = (rest = '') => `/api/${c.domain}/webhosting/dns${rest}`;
  const call = (method: 'GET' | 'POST' | 'DELETE', rest = '', payload?: Body) =>
    t.call({ method, url: url(rest), token, ...(payload ? { payload } : {}) });
  const dig = (host: string, type: string) =>
    pdns.dig(host === '' ? c.domain : `${host}.${c.domain}`, type);
  const serial = async () => Number((await dig('', 'SOA'))[0]?.split(' ')[2]);

  beforeAll(async () => {
    const started = await startTestPowerDns();
    if (!started) throw new Error('pdns_server vanished');
    pdns = started;
    t = await createTestApp({
      env: {
        PDNS_API_URL: pdns.apiUrl,
        PDNS_API_KEY: pdns.apiKey,
        HOSTING_IPV4: '192.0.2.10',
        HOSTING_IPV6: '2001:db8::10',
        PROVIDER_DOMAIN: 'hoster.test',
      },
    });
    c = await t.customer();
    token = await t.login(c);
  });
  afterAll(async () => {
    await t?.close();
    await pdns?.stop();
  });

  it('serves the default zone of a new domain', async () => {
    expect(await dig('', 'A')).toEqual(['192.0.2.10']);
    expect(await dig('www', 'AAAA')).toEqual(['2001:db8::10']);
    expect(await dig('', 'MX')).toEqual(['10 mail.hoster.test.']);
    expect(await dig('', 'NS')).toEqual(['ns1.hoster.test.', 'ns2.hoster.test.']);
    expect(await serial()).toBe((await call('GET')).json<dns.DnsList>().serial);
  });

  it('adds every kind and dig answers each, with a higher serial', async () => {
    const before = await serial();
    const txt = `v=DKIM1; k=rsa; p=${'B'.repeat(382)}`;
    expect(txt.length).toBe(400);
    const payloads: Body[] = [
      { record: 'A', host: 'mail', value: '192.0.2.25' },
      { record: 'AAAA', host: 'mail', value: '2001:db8::25' },
      { record: 'CNAME', host: 'shop', value: 'shops.example.org' },
      { record: 'MX', host: '', value: 'mail', priority: 20 },
      { record: 'TXT', host: 'sel._domainkey', value: txt },
      {
        record: 'SRV',
        service: 'sip',
        protocol: 'tls',
        priority: 30,
        weight: 5,
        port: 5061,
        target: 'sip.example.org',
      },
      { record: 'CAA', host: '', tag: 'issue', value: 'letsencrypt.org' },
    ];
    for (const p of payloads) {
      const res = await call('POST', '', p);
      expect(res.statusCode, `${JSON.stringify(p)} ${res.body}`).toBe(200);
    }
    expect(await dig('mail', 'A')).toEqual(['192.0.2.25']);
    expect(await dig('mail', 'AAAA')).toEqual(['2001:db8::25']);
    expect(await dig('shop', 'CNAME')).toEqual(['shops.example.org.']);
    expect(await dig('', 'MX')).toEqual(['10 mail.hoster.test.', `20 mail.${c.domain}.`]);
    const [served] = await dig('sel._domainkey', 'TXT');
    // dig shows the 255-byte strings one after another, each quoted.
    expect(served).toBe(`"${txt.slice(0, 255)}" "${txt.slice(255)}"`);
    expect(await dig('_sip._tls', 'SRV')).toEqual(['30 5 5061 sip.example.org.']);
    expect(await dig('', 'CAA')).toEqual(['0 issue "letsencrypt.org"']);
    expect(await serial()).toBeGreaterThan(before);
  });

  it('edits and deletes records on the server', async () => {
    const list = (await call('GET')).json<dns.DnsList>().records;
    const shop = list.find((r) => r.host === 'shop')!;
    const edited = await call('POST', `/${shop.id}`, {
      record: 'A',
      host: 'shop',
      value: '192.0.2.77',
      ttl: 3600,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await dig('shop', 'CNAME')).toEqual([]);
    expect(await dig('shop', 'A')).toEqual(['192.0.2.77']);
    const before = await serial();
    expect((await call('DELETE', `/${shop.id}`)).statusCode).toBe(200);
    expect(await dig('shop', 'A')).toEqual([]);
    expect(await serial()).toBeGreaterThan(before);
  });

  it('leaves the served zone unchanged when input is refused', async () => {
    const before = await serial();
    const bad: Body[] = [
      { record: 'A', host: 'x\n@ IN NS evil.test.', value: '192.0.2.1' },
      { record: 'TXT', value: 'a"\n@ IN A 1.2.3.4' },
      { record: 'CNAME', host: 'mail', value: 'example.org' },
      { record: 'A', host: 'mail', value: '192.0.2.25' },
      { record: 'MX', value: '192.0.2.1' },
    ];
    for (const p of bad)
      expect((await call('POST', '', p)).statusCode, JSON.stringify(p)).toBeGreaterThanOrEqual(400);
    expect(await serial()).toBe(before);
    expect(await dig('mail', 'CNAME')).toEqual([]);
    expect(await dig('mail', 'A')).toEqual(['192.0.2.25']);
  });

  it("resets to the defaults on the server, keeping the subdomains' names", async () => {
    const blog = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/webhosting/subdomain`,
      token,
      payload: { name: 'blog', phpHandlerId: null },
    });
    expect(blog.statusCode, blog.body).toBe(200);
    expect(await dig('blog', 'A')).toEqual(['192.0.2.10']);
    const before = await serial();
    expect((await call('POST', '/default')).statusCode).toBe(200);
    expect(await dig('blog', 'A')).toEqual(['192.0.2.10']);
    expect(await dig('blog', 'AAAA')).toEqual(['2001:db8::10']);
    expect(await dig('mail', 'A')).toEqual([]);
    expect(await dig('_sip._tls', 'SRV')).toEqual([]);
    expect(await dig('', 'CAA')).toEqual([]);
    expect(await dig('', 'MX')).toEqual(['10 mail.hoster.test.']);
    expect(await dig('', 'A')).toEqual(['192.0.2.10']);
    expect(await serial()).toBeGreaterThan(before);
  });

  it("stops serving a deleted subdomain's name", async () => {
    const sub = (method: 'POST' | 'DELETE', rest = '', payload?: Body) =>
      t.call({
        method,
        url: `/api/${c.domain}/webhosting/subdomain${rest}`,
        token,
        ...(payload ? { payload } : {}),
      });
    const made = await sub('POST', '', { name: 'gone', phpHandlerId: null });
    expect(made.statusCode, made.body).toBe(200);
    expect(await dig('gone', 'A')).toEqual(['192.0.2.10']);
    const deleted = await sub('DELETE', '/gone');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await dig('gone', 'A')).toEqual([]);
    expect(await dig('blog', 'A')).toEqual(['192.0.2.10']);
  });
});
