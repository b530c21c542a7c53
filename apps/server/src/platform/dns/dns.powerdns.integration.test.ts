import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPowerDnsServer } from './dns.powerdns.ts';
import type { Zone } from './dns.port.ts';
import {
  hasPowerDns,
  startTestPowerDns,
  type TestPowerDns,
} from '../../../test/support/pdns-test-server.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const skip = skipWhenMissing('dns.powerdns integration test', [
  !(await hasPowerDns()) && 'pdns_server',
]);

const zone = (name: string, address: string): Zone => ({
  name,
  serial: 1,
  ttl: 300,
  records: [
    {
      name: '',
      type: 'SOA',
      ttl: 300,
      content: `ns1.${name}. hostmaster.${name}. 1 3600 600 604800 300`,
    },
    { name: '', type: 'NS', ttl: 300, content: `ns1.${name}.` },
    { name: 'www', type: 'A', ttl: 300, content: address },
  ],
});

/**
 * An agent applies several objects side by side: PowerDNS's SQLite backend refuses API writes
 * that overlap, so the adapter must hand them over one at a time and every one must land.
 */
describe.skipIf(skip)('the PowerDNS adapter under writes that arrive together', () => {
  let pdns: TestPowerDns;
  beforeAll(async () => {
    const started = await startTestPowerDns();
    if (!started) throw new Error('pdns_server vanished');
    pdns = started;
  });
  afterAll(async () => pdns?.stop());

  it('applies twenty zones and their changes sent at once, each served', async () => {
    const server = createPowerDnsServer({ url: pdns.apiUrl, apiKey: pdns.apiKey });
    const names = Array.from({ length: 20 }, (_, i) => `together${i}.test`);
    await Promise.all(names.map((n) => server.applyZone(zone(n, '192.0.2.1'))));
    await Promise.all(names.map((n) => server.applyZone(zone(n, '192.0.2.2'))));
    for (const n of names) expect(await pdns.dig(`www.${n}`, 'A')).toEqual(['192.0.2.2']);
    await Promise.all(names.map((n) => server.removeZone(n)));
    expect(await pdns.dig(`www.${names[0]}`, 'A')).toEqual([]);
  });
});
