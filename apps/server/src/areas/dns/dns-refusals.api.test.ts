import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

type Body = Record<string, unknown>;

describe('DNS API (BIND zone files): bad input', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  const url = (c: TestCustomer, rest = '') => `/api/${c.domain}/webhosting/dns${rest}`;
  const zoneFile = (c: TestCustomer) =>
    readFile(join(t.dataDir, 'dns', 'zones', `${c.domain}.zone`), 'utf8');
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
    token = await t.login(a);
    // The records the conflicts below meet (as dns.api.test's "adds every kind" makes them).
    for (const p of [
      { record: 'A', host: 'mail', value: '192.0.2.25' },
      { record: 'C', host: 'shop', value: 'shops.example.org' },
      { record: 'MX', host: '', value: 'mail', priority: 20 },
      { record: 'CAA', host: '', tag: 'issue', value: 'letsencrypt.org' },
    ])
      expect((await add(p)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses bad input with a clear code and leaves the served zone unchanged', async () => {
    const before = await zoneFile(a);
    const cases: [Body, number, string, Record<string, string>?][] = [
      [
        { record: 'A', host: 'x\n@ IN NS evil.test.', value: '192.0.2.1' },
        422,
        'validation',
        { host: 'invalid_host' },
      ],
      [
        { record: 'A', host: 'x;y', value: '192.0.2.1' },
        422,
        'validation',
        { host: 'invalid_host' },
      ],
      [
        { record: 'A', host: 'x"y', value: '192.0.2.1' },
        422,
        'validation',
        { host: 'invalid_host' },
      ],
      [
        { record: 'TXT', value: 'a"\n@ IN A 1.2.3.4' },
        422,
        'validation',
        { value: 'invalid_text' },
      ],
      [
        { record: 'CNAME', host: 'www2', value: 'a.test;\nx' },
        422,
        'validation',
        { value: 'invalid_target' },
      ],
      [
        { record: 'A', value: '300.1.1.1', host: 'q' },
        422,
        'validation',
        { value: 'invalid_ipv4' },
      ],
      [
        { record: 'AAAA', value: '2001:db8::g', host: 'q' },
        422,
        'validation',
        { value: 'invalid_ipv6' },
      ],
      [
        { record: 'A', value: '192.0.2.1', host: 'q', ttl: 5 },
        422,
        'validation',
        { ttl: 'invalid_ttl' },
      ],
      [
        { record: 'MX', value: 'mx.example.org', priority: 5 },
        422,
        'validation',
        { priority: 'invalid_priority' },
      ],
      [{ record: 'MX', value: '192.0.2.1' }, 422, 'validation', { value: 'target_is_ip' }],
      [
        { record: 'SRV', service: 'sip', port: 0, target: 'x.example.org' },
        422,
        'validation',
        { port: 'invalid_port' },
      ],
      [
        { record: 'SRV', service: 'sip', port: 5060, weight: 70000, target: 'x.example.org' },
        422,
        'validation',
        { weight: 'invalid_weight' },
      ],
      [
        { record: 'SRV', service: 'sip', port: 5060, target: '192.0.2.1' },
        422,
        'validation',
        { target: 'target_is_ip' },
      ],
      [
        { record: 'A', host: 'l'.repeat(64), value: '192.0.2.1' },
        422,
        'validation',
        { host: 'label_too_long' },
      ],
      [
        { record: 'A', host: Array(60).fill('abcd').join('.'), value: '192.0.2.1' },
        422,
        'validation',
        { host: 'name_too_long' },
      ],
      // Short enough on its own, too long together with the domain: the server's check.
      [
        { record: 'A', host: Array(50).fill('abcd').join('.'), value: '192.0.2.1' },
        422,
        'name_too_long',
        { host: 'name_too_long' },
      ],
      [
        { record: 'A', host: 'www.other.test.', value: '192.0.2.1' },
        422,
        'invalid_host',
        { host: 'invalid_host' },
      ],
      [{ record: 'CNAME', host: '', value: 'example.org' }, 422, 'cname_apex'],
      [{ record: 'CNAME', host: 'mail', value: 'example.org' }, 409, 'cname_conflict'],
      [{ record: 'A', host: 'shop', value: '192.0.2.1' }, 409, 'cname_conflict'],
      [{ record: 'A', host: 'mail', value: '192.0.2.25' }, 409, 'duplicate_record'],
      [{ record: 'A', host: 'www', value: '192.0.2.10' }, 409, 'duplicate_record'],
      [{ record: 'MX', value: 'nothing-here', priority: 30 }, 422, 'mx_prerequisite'],
      [{ record: 'FORWARD', value: 'https://example.org/' }, 409, 'forward_address_conflict'],
      [
        { record: 'NS', host: 'sub', value: 'ns.evil.test' },
        422,
        'validation',
        { record: 'invalid_record_type' },
      ],
    ];
    for (const [payload, status, code, fields] of cases) {
      const res = await add(payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(status);
      const envelope = res.json<{ custom_message: string; fields?: Record<string, string> }>();
      expect(envelope.custom_message, JSON.stringify(payload)).toBe(code);
      if (fields) expect(envelope.fields, JSON.stringify(payload)).toMatchObject(fields);
    }
    expect(await zoneFile(a)).toBe(before);
  });
});
