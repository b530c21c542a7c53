// Issue #42's figures: ten hosting nodes in network namespaces (each its own PowerDNS and a DNS
// agent over NATS, bench/support/) with 1,000 domains each, beside the same DNS change on one
// machine (outbox, in-process bus, local agent) and the PowerDNS adapter called directly, in the
// same run. Printed: changes per second through the queue with each process's CPU per change,
// click-to-served p50/p99 (a DNS client of that node sees the change), catch-up after a node was
// down for 1,000 changes.
//   sudo env PATH=$PWD/node_modules/.bin:$PATH node --import tsx bench/nodes-10x1000.ts
//   BENCH_NODES (10), BENCH_DOMAINS (1000), BENCH_BURST (100 a node), BENCH_CLICKS (100),
//   BENCH_DOWN (1000), BENCH_ROUNDS (2)
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { removeStale } from '../apps/server/test/support/netns.ts';
import { createCleanup, domainOf, pool } from './support/bench-zones.ts';
import { startTenNodes } from './support/ten-nodes.ts';
import { startOneMachine } from './support/one-machine.ts';
import {
  catchUp,
  change,
  click,
  measured,
  wrongServed,
  type CpuSplit,
  type Target,
} from './support/nodes-measure.ts';

const NODES = Number(process.env.BENCH_NODES ?? 10);
const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 1000);
const BURST = Number(process.env.BENCH_BURST ?? 100);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 100);
const DOWN = Number(process.env.BENCH_DOWN ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
if (process.getuid?.() !== 0) throw new Error('run as root: network namespaces');

const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const perOp = (cpu: CpuSplit, ops: number) =>
  [
    `panel ${Math.round((cpu.panelMs * 1000) / ops)} µs`,
    ...Object.entries(cpu.others).map(([k, v]) => `${k} ${Math.round((v * 1000) / ops)} µs`),
    `machine ${Math.round((cpu.machineMs * 1000) / ops)} µs`,
  ].join(', ');

const cleanup = createCleanup();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanup.run().finally(() => process.exit(130)));

async function main() {
  await removeStale();
  const dir = await mkdtemp(join(tmpdir(), 'haven-bench-nodes-'));
  cleanup.add('temp dir', () => rm(dir, { recursive: true, force: true }));
  console.log(`${NODES} nodes x ${DOMAINS} domains; load ${load()}`);
  const ten = await startTenNodes(NODES, dir, cleanup);
  const one = await startOneMachine(dir, cleanup);
  const tenTarget = (i: number, d: number): Target => {
    const n = ten.nodes[i]!;
    return { dns: n.dns, probe: n.probe, name: domainOf(i + 1, d) };
  };
  const oneTarget = (d: number): Target => ({
    dns: one.dns,
    probe: one.probe,
    name: domainOf(0, d),
  });
  const directTarget = (d: number): Target => ({ ...oneTarget(d), dns: one.direct });
  const tenPids = {
    nats: () => [ten.natsPid],
    agents: () => ten.nodes.map((n) => n.agentPid()).filter(Boolean),
    pdns: () => ten.nodes.map((n) => n.pdns.pid),
  };
  const onePids = { pdns: () => [one.pdns.pid] };
  const domains = Array.from({ length: DOMAINS }, (_, d) => d + 1);

  // Filling is itself a burst of zone creations through each path.
  const tenAll = domains.flatMap((d) => ten.nodes.map((_, i) => tenTarget(i, d)));
  const filled = await measured(tenPids, () => pool(tenAll, 200, change));
  console.log(
    `fill ${NODES} nodes: ${tenAll.length} zones in ${ms(filled.ms)} (${Math.round(tenAll.length / (filled.ms / 1000))}/s); ${perOp(filled.cpu, tenAll.length)}`,
  );
  const oneFill = await measured(onePids, () => pool(domains.map(oneTarget), 200, change));
  console.log(
    `fill one machine: ${DOMAINS} zones in ${ms(oneFill.ms)} (${Math.round(DOMAINS / (oneFill.ms / 1000))}/s); ${perOp(oneFill.cpu, DOMAINS)}`,
  );
  const agentRss = ten.nodes.map((n) => rssMb(n.agentPid()));
  const pdnsRss = ten.nodes.map((n) => rssMb(n.pdns.pid));
  console.log(
    `RSS per node: agent ${Math.round(q(agentRss, 0.5))} MB, PowerDNS ${Math.round(q(pdnsRss, 0.5))} MB; load ${load()}`,
  );

  const overlap = Array.from({ length: Math.min(32, DOMAINS) }, (_, k) => oneTarget(k + 1));
  const refused = await Promise.allSettled(overlap.map((t) => change({ ...t, dns: one.adapter })));
  console.log(
    `PowerDNS adapter, ${overlap.length} changes side by side (as the agent applies them): ${refused.filter((r) => r.status === 'rejected').length} refused`,
  );

  const bursts: Record<string, number[]> = { ten: [], one: [], direct: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const at = (k: number) => 1 + ((round * BURST * NODES + k) % DOMAINS);
    const tenSet = Array.from({ length: BURST * NODES }, (_, k) =>
      tenTarget(k % NODES, at(Math.floor(k / NODES) + round * BURST)),
    );
    const oneSet = Array.from({ length: BURST * NODES }, (_, k) => oneTarget(at(k)));
    const runs: [string, Target[], Record<string, () => number[]>, number][] = [
      ['ten', tenSet, tenPids, Infinity],
      ['one', oneSet, onePids, Infinity],
      ['direct', oneSet.map((t) => ({ ...t, dns: one.direct })), onePids, 32],
    ];
    for (const [label, set, pids, limit] of runs) {
      const r = await measured(pids, () => pool(set, Math.min(limit, set.length), change));
      const rate = set.length / (r.ms / 1000);
      bursts[label]!.push(rate);
      console.log(
        `burst ${label}: ${set.length} changes in ${ms(r.ms)} = ${Math.round(rate)}/s; ${perOp(r.cpu, set.length)}; not served ${await wrongServed(set)}; load ${load()}`,
      );
    }
  }

  const clicks: Record<string, number[]> = { ten: [], one: [], direct: [] };
  for (let r = 0; r < CLICKS; r++) {
    const d = 1 + Math.floor(Math.random() * DOMAINS);
    const order: [string, Target][] = [
      ['ten', tenTarget(r % NODES, d)],
      ['one', oneTarget(d)],
      ['direct', directTarget(d)],
    ];
    for (let k = 0; k < order.length; k++) {
      const [label, t] = order[(k + r) % order.length]!;
      clicks[label]!.push(await click(t));
    }
  }
  for (const [label, xs] of Object.entries(clicks))
    console.log(
      `click ${label}: p50 ${ms(q(xs, 0.5))}, p99 ${ms(q(xs, 0.99))}, max ${ms(Math.max(...xs))} (${xs.length})`,
    );
  console.log(`load ${load()}`);

  const downSet = Array.from({ length: DOWN }, (_, k) => 1 + (k % DOMAINS));
  const victim = ten.nodes[0]!;
  const tenUp = await catchUp({
    nodes: ten.panel,
    db: ten.db,
    node: victim.name,
    targets: downSet.map((d) => tenTarget(0, d)),
    stop: () => victim.stopAgent('SIGKILL'),
    start: async () => (await victim.startAgent()).startedMs,
  });
  console.log(
    `catch-up ${NODES} nodes (${victim.name} killed, ${DOWN} changes): ${ms(tenUp.ms)} (agent start ${ms(tenUp.startMs)}), not served ${tenUp.wrong}`,
  );
  const oneUp = await catchUp({
    nodes: one.local.nodes,
    db: one.db,
    node: 'local',
    targets: downSet.map(oneTarget),
    stop: () => one.local.agent.stop(),
    start: async () => {
      const t0 = performance.now();
      await one.local.agent.start();
      return performance.now() - t0;
    },
  });
  console.log(
    `catch-up one machine (${DOWN} changes): ${ms(oneUp.ms)} (agent start ${ms(oneUp.startMs)}), not served ${oneUp.wrong}`,
  );

  const median = (xs: number[]) => q(xs, 0.5);
  console.log('\nsummary');
  console.log(
    `ops/s: ten ${Math.round(median(bursts.ten!))}, one ${Math.round(median(bursts.one!))}, direct ${Math.round(median(bursts.direct!))}; ten/one x${(median(bursts.ten!) / median(bursts.one!)).toFixed(2)}`,
  );
  console.log(
    `click p99: ten ${ms(q(clicks.ten!, 0.99))}, one ${ms(q(clicks.one!, 0.99))} (x${(q(clicks.ten!, 0.99) / q(clicks.one!, 0.99)).toFixed(2)}); goal < 2,000 ms`,
  );
  console.log(
    `catch-up: ten ${ms(tenUp.ms)}, one ${ms(oneUp.ms)} (x${(tenUp.ms / oneUp.ms).toFixed(2)})`,
  );
}

let code = 0;
try {
  await main();
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await cleanup.run();
}
process.exit(code);
