// The nodes bench's single machine: the same DNS change through the panel's outbox, the
// in-process bus and the local agent (nodes/local-nodes.ts, as `npm start` runs it), and the
// PowerDNS adapter called directly, both on one PowerDNS on this host.
import { join } from 'node:path';
import pino from 'pino';
import { migrate, openDatabase } from '../../apps/server/src/db/database.ts';
import { startLocalNodes } from '../../apps/server/src/nodes/local-nodes.ts';
import { nodesDb } from '../../apps/server/src/nodes/nodes.tables.ts';
import { dnsRemote } from '../../apps/server/src/platform/dns/dns.remote.ts';
import { createPowerDnsServer } from '../../apps/server/src/platform/dns/dns.powerdns.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { freePort } from '../../apps/server/test/free-port.ts';
import { startPdns } from './pdns-node.ts';
import { dnsProbe } from './dns-probe.ts';
import { oneWriteAtATime } from './serial-dns.ts';
import type { Cleanup } from './bench-zones.ts';

export async function startOneMachine(dir: string, cleanup: Cleanup) {
  const pdns = await startPdns({
    dir: join(dir, 'local', 'pdns'),
    address: '127.0.0.1',
    dnsPort: await freePort(),
    apiPort: await freePort(),
  });
  cleanup.add('pdns local', () => pdns.stop());
  const probe = await dnsProbe('127.0.0.1', pdns.dnsPort);
  cleanup.add('probe local', async () => probe.close());
  const handle = openDatabase(`sqlite:${join(dir, 'panel-local.sqlite')}`);
  cleanup.add('local database', () => handle.close());
  await migrate(handle);
  const local = await startLocalNodes({
    db: handle.db,
    clock: systemClock,
    log: pino({ level: 'warn' }),
    applyWaitMs: 600_000,
    agentDir: join(dir, 'local', 'agent'),
    nats: null,
  });
  cleanup.add('local nodes', () => local.stop());
  const adapter = createPowerDnsServer({ url: pdns.apiUrl, apiKey: pdns.apiKey });
  const direct = oneWriteAtATime(adapter);
  const dns = local.port(dnsRemote, direct)('local');
  await local.ready();
  return {
    pdns,
    probe,
    local,
    db: nodesDb(handle.db),
    /** Through the outbox, the in-process bus and the local agent. */
    dns,
    /** The adapter alone: no outbox, no bus. */
    direct,
    /** The adapter as it is, its writes side by side. */
    adapter,
  };
}
export type OneMachine = Awaited<ReturnType<typeof startOneMachine>>;
