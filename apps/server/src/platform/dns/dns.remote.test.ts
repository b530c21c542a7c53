import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortOnNode, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { nodesDb } from '../../nodes/nodes.tables.ts';
import { countDiff, type DnsServer, type Zone } from './dns.port.ts';
import { PowerDnsError } from './dns.powerdns.ts';
import { ZoneCheckError } from './dns.bind-files.ts';
import { dnsRemote } from './dns.remote.ts';

const lines = (zone: Zone) => zone.records.map((r) => `${r.name} ${r.type} ${r.content}`);

/** A DNS server that keeps its zones in memory and refuses two contents as the real ones do. */
function fakeDns(): DnsServer {
  const zones = new Map<string, Zone>();
  return {
    async applyZone(zone) {
      if (zone.records.some((r) => r.content === 'pdns-bad'))
        throw new PowerDnsError(422, 'Record a.test./TXT: not in expected format');
      if (zone.records.some((r) => r.content === 'check-bad'))
        throw new ZoneCheckError('a.test.zone:3: syntax error');
      zones.set(zone.name, zone);
    },
    async diffZone(zone) {
      const served = zones.get(zone.name);
      if (!served)
        return { server: 'powerdns', served: false, added: 1, removed: 0, differs: true };
      return { server: 'powerdns', ...countDiff(lines(zone), lines(served)) };
    },
    removeZone: async (name) => void zones.delete(name),
  };
}

const zone = (content: string, serial = 1): Zone => ({
  name: 'a.test',
  serial,
  ttl: 3600,
  records: [{ name: '', type: 'TXT', ttl: 3600, content }],
});

describe('dnsRemote: the DNS server driven on a node', () => {
  let node: PanelWithNodes & { port: DnsServer };
  let port: DnsServer;

  beforeAll(async () => {
    node = await startPortOnNode(dnsRemote, fakeDns(), { roles: ['dns'] });
    port = node.port;
  });

  afterAll(() => node.close());

  it('applies and removes a zone as one object; the diff reads what the node serves', async () => {
    expect(await port.diffZone(zone('"v=1"'))).toMatchObject({ server: 'powerdns', served: false });
    await port.applyZone(zone('"v=1"'));
    expect(await port.diffZone(zone('"v=1"'))).toEqual({
      server: 'powerdns',
      served: true,
      added: 0,
      removed: 0,
      differs: false,
    });
    expect(await port.diffZone(zone('"v=2"'))).toMatchObject({ added: 1, removed: 1 });
    await port.removeZone('a.test');
    expect(await port.diffZone(zone('"v=1"'))).toMatchObject({ served: false });
    const objects = await nodesDb(node.db)
      .selectFrom('node_operations')
      .select(['object', 'call'])
      .orderBy('created_at')
      .execute();
    expect(new Set(objects.map((o) => o.object))).toEqual(new Set(['zone:a.test']));
  });

  it("rebuilds PowerDNS's and named-checkzone's refusals as their own errors", async () => {
    const pdns = await port.applyZone(zone('pdns-bad', 2)).catch((e: unknown) => e);
    expect(pdns).toBeInstanceOf(PowerDnsError);
    expect(pdns).toMatchObject({
      status: 422,
      detail: 'Record a.test./TXT: not in expected format',
    });
    const check = await port.applyZone(zone('check-bad', 3)).catch((e: unknown) => e);
    expect(check).toBeInstanceOf(ZoneCheckError);
    expect(check).toMatchObject({ output: 'a.test.zone:3: syntax error' });
  });
});
