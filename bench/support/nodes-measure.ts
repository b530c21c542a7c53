// The nodes bench's measurements, the same for ten nodes over NATS and for one machine: a burst
// of changes (ops/s and CPU per operation), a click until a client of the node sees it, and a
// node catching up after it was down.
import type { Kysely } from 'kysely';
import type { DnsServer } from '../../apps/server/src/platform/dns/dns.port.ts';
import type { Nodes } from '../../apps/server/src/nodes/nodes.service.ts';
import type { NodesDb } from '../../apps/server/src/nodes/nodes.tables.ts';
import { machineBusyMs, processCpuMs } from '../servers/cpu.ts';
import { addressOf, benchZone, nextSerial, pool, sleep } from './bench-zones.ts';
import type { DnsProbe } from './dns-probe.ts';
import { behindOn } from './ten-nodes.ts';

/** One change's target: the port that reaches the domain's node and a client of that node. */
export interface Target {
  dns: DnsServer;
  probe: DnsProbe;
  name: string;
}

/** The value each domain should be served with, by the last change made to it. */
export const wanted = new Map<string, number>();

export async function change(t: Target): Promise<void> {
  const n = nextSerial();
  wanted.set(t.name, n);
  await t.dns.applyZone(benchZone(t.name, n));
}

/** How many of the targets their node's client does not see at their last change. */
export async function wrongServed(targets: readonly Target[]): Promise<number> {
  let wrong = 0;
  await pool(targets, 50, async (t) => {
    const want = addressOf(wanted.get(t.name) ?? -1);
    if ((await t.probe.a(`www.${t.name}`)) !== want) wrong += 1;
  });
  return wrong;
}

export interface CpuSplit {
  /** This process: the panel (and, on one machine, its local agent). */
  panelMs: number;
  /** Each group of other processes (NATS, agents, PowerDNS). */
  others: Record<string, number>;
  machineMs: number;
}

const selfMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function measured<T>(
  pids: Record<string, () => number[]>,
  work: () => Promise<T>,
): Promise<{ ms: number; cpu: CpuSplit; value: T }> {
  const sum = (group: () => number[]) => group().reduce((s, pid) => s + processCpuMs(pid), 0);
  const before = Object.fromEntries(Object.entries(pids).map(([k, g]) => [k, sum(g)]));
  const [self0, machine0, t0] = [selfMs(), machineBusyMs(), performance.now()];
  const value = await work();
  const ms = performance.now() - t0;
  const others = Object.fromEntries(
    Object.entries(pids).map(([k, g]) => [k, sum(g) - (before[k] ?? 0)]),
  );
  return {
    ms,
    cpu: { panelMs: selfMs() - self0, others, machineMs: machineBusyMs() - machine0 },
    value,
  };
}

/** ms from the call until the node's client is served the change (the call is awaited too). */
export async function click(t: Target): Promise<number> {
  const n = nextSerial();
  wanted.set(t.name, n);
  const want = addressOf(n);
  const t0 = performance.now();
  let failed: unknown = null;
  const call = t.dns.applyZone(benchZone(t.name, n)).catch((error: unknown) => (failed = error));
  for (;;) {
    if (failed) throw failed;
    if ((await t.probe.a(`www.${t.name}`, 500)) === want) break;
    if (performance.now() - t0 > 60_000) throw new Error(`${t.name} never served ${want}`);
    await sleep(2);
  }
  const ms = performance.now() - t0;
  await call;
  return ms;
}

export interface CatchUp {
  /** ms from starting the agent to the panel hearing every object applied. */
  ms: number;
  /** ms of that spent starting the agent (process start, NATS connection, hello). */
  startMs: number;
  wrong: number;
}

/**
 * `count` changes queued while the node's agent is down (recorded in the outbox as a click's
 * change is, without the click's wait), published, then the agent started again.
 */
export async function catchUp(o: {
  nodes: Pick<Nodes, 'outbox' | 'relay'>;
  db: NodesDb;
  node: string;
  targets: readonly Target[];
  stop(): Promise<void>;
  start(): Promise<number>;
}): Promise<CatchUp> {
  await o.stop();
  for (const t of o.targets) {
    const n = nextSerial();
    wanted.set(t.name, n);
    const args = [benchZone(t.name, n)];
    const change = { node: o.node, object: `zone:${t.name}`, call: 'dns.applyZone', args };
    await (o.db as Kysely<unknown>)
      .transaction()
      .execute((trx) => o.nodes.outbox.record(trx, change));
  }
  o.nodes.relay.kick();
  for (;;) {
    await o.nodes.relay.idle();
    const pending = await o.db
      .selectFrom('node_operations')
      .select('id')
      .where('node', '=', o.node)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (!pending) break;
    await sleep(100);
  }
  const t0 = performance.now();
  const startMs = await o.start();
  while ((await behindOn(o.db, o.node)) > 0) await sleep(20);
  const ms = performance.now() - t0;
  return { ms, startMs, wrong: await wrongServed(o.targets) };
}
