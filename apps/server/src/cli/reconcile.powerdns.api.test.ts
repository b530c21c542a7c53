import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';
import {
  hasPowerDns,
  startTestPowerDns,
  type TestPowerDns,
} from '../../test/support/pdns-test-server.ts';
import { COMMANDS } from './commands.ts';
import { skipWhenMissing } from '../../test/support/missing-tools.ts';

const installed = await hasPowerDns();
const skip = skipWhenMissing('reconcile.powerdns test', [!installed && 'pdns_server']);

/** `haven reconcile` against a real PowerDNS: the RRsets it serves are compared with SQL. */
describe.skipIf(skip)('haven reconcile with PowerDNS', () => {
  let pdns: TestPowerDns;
  let t: TestApp;
  let c: TestCustomer;
  const reconcile = async () => {
    const lines: string[] = [];
    const code = await COMMANDS.reconcile!.run(t.ctx, { domain: c.domain }, (l) => lines.push(l));
    return { code, lines };
  };
  /** What an operator (or a stray script) does to the zone behind Haven's back. */
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones${path}`, {
      method,
      headers: { 'X-API-Key': pdns.apiKey, 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    const started = await startTestPowerDns();
    if (!started) throw new Error('pdns_server vanished');
    pdns = started;
    t = await createTestApp({
      env: {
        PDNS_API_URL: pdns.apiUrl,
        PDNS_API_KEY: pdns.apiKey,
        HOSTING_IPV4: '192.0.2.10',
        PROVIDER_DOMAIN: 'hoster.test',
      },
    });
    c = await t.customer();
    const token = await t.login(c);
    for (const payload of [
      { record: 'A', host: 'shop', value: '192.0.2.77' },
      { record: 'TXT', host: 'sel._domainkey', value: `v=DKIM1; k=rsa; p=${'B'.repeat(382)}` },
      { record: 'CAA', host: '', flag: 0, tag: 'issue', value: 'letsencrypt.org' },
      { record: 'MX', host: '', value: 'shop', priority: 20 },
    ]) {
      const res = await t.call({
        method: 'POST',
        url: `/api/${c.domain}/webhosting/dns`,
        token,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await pdns?.stop();
  });

  it('finds the zone PowerDNS serves equal to SQL', async () => {
    expect(await reconcile()).toEqual({ code: 0, lines: ['nothing differed (1 domain checked)'] });
  });

  it('puts back RRsets changed behind its back, under a newer serial, and counts the records', async () => {
    const serial = async () => Number((await pdns.dig(c.domain, 'SOA'))[0]?.split(' ')[2]);
    const before = await serial();
    const patched = await api('PATCH', `/${c.domain}.`, {
      rrsets: [
        { name: `shop.${c.domain}.`, type: 'A', changetype: 'DELETE' },
        {
          name: `evil.${c.domain}.`,
          type: 'A',
          ttl: 60,
          changetype: 'REPLACE',
          records: [{ content: '198.51.100.1', disabled: false }],
        },
      ],
    });
    expect(patched.status).toBe(204);
    expect(await pdns.dig(`shop.${c.domain}`, 'A')).toEqual([]);

    expect(await reconcile()).toEqual({
      code: 0,
      lines: [
        `zone ${c.domain}: 1 record added, 1 record removed in PowerDNS`,
        '1 item repaired, 0 failed (1 domain checked)',
      ],
    });
    expect(await pdns.dig(`shop.${c.domain}`, 'A')).toEqual(['192.0.2.77']);
    expect(await pdns.dig(`evil.${c.domain}`, 'A')).toEqual([]);
    expect(await serial()).toBeGreaterThan(before);
    expect(await reconcile()).toEqual({ code: 0, lines: ['nothing differed (1 domain checked)'] });
  });

  it('serves a zone PowerDNS lost again', async () => {
    expect((await api('DELETE', `/${c.domain}.`)).status).toBe(204);
    const { lines } = await reconcile();
    expect(lines[0]).toMatch(
      new RegExp(
        `^zone ${c.domain.replace(/\./g, '\\.')} was not served: \\d+ records written to PowerDNS$`,
      ),
    );
    expect(await pdns.dig(`shop.${c.domain}`, 'A')).toEqual(['192.0.2.77']);
    expect(await reconcile()).toEqual({ code: 0, lines: ['nothing differed (1 domain checked)'] });
  });
});
