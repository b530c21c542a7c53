// A hosting node's agent for the nodes bench: startAgent over NATS with the node's own login and
// only the DNS adapter (PowerDNS), nothing else of `haven agent`. Says "connected" and "started"
// on stdout; SIGTERM stops it cleanly, SIGKILL is a crash.
//   node --import tsx bench/support/dns-agent.ts   (env below, set by bench/nodes-10x1000.ts)
import pino from 'pino';
import { createNatsAgentBus } from '../../apps/server/src/platform/node-bus/node-bus.nats.ts';
import { bindAdapter, createAdapterTable } from '../../apps/server/src/agent/adapter-table.ts';
import { heldFile } from '../../apps/server/src/agent/held-revisions.ts';
import { startAgent } from '../../apps/server/src/agent/agent.ts';
import { dnsRemote } from '../../apps/server/src/platform/dns/dns.remote.ts';
import { createPowerDnsServer } from '../../apps/server/src/platform/dns/dns.powerdns.ts';
import { oneWriteAtATime } from './serial-dns.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const node = env('BENCH_NODE');
const log = pino({ level: 'warn' }, pino.destination(2));
const bus = await createNatsAgentBus({
  servers: env('BENCH_NATS_URL'),
  user: env('BENCH_NATS_USER'),
  pass: env('BENCH_NATS_PASS'),
  node,
  onError: (error) => log.warn({ err: error }, 'node bus'),
});
console.log('connected');
const dns = oneWriteAtATime(
  createPowerDnsServer({ url: env('BENCH_PDNS_API'), apiKey: env('BENCH_PDNS_KEY') }),
);
const agent = await startAgent({
  bus,
  table: createAdapterTable([bindAdapter(dnsRemote, dns)]),
  held: heldFile(env('BENCH_AGENT_DIR')),
  roles: ['dns'],
  version: 'bench',
  clock: systemClock,
  log,
});
console.log('started');
process.once('SIGTERM', () => {
  void agent
    .stop()
    .then(() => bus.close())
    .finally(() => process.exit(0));
});
