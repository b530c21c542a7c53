// The nodes bench's cluster: nats-server on the host (a user per node, as nats-auth.ts writes),
// the panel's nodes service in this process (its own SQLite, NATS bus), and per node a network
// namespace with its own PowerDNS and an agent process (bench/support/dns-agent.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { sql } from 'kysely';
import { migrate, openDatabase } from '../../apps/server/src/db/database.ts';
import { createNatsPanelBus } from '../../apps/server/src/platform/node-bus/node-bus.nats.ts';
import { createNodes } from '../../apps/server/src/nodes/nodes.service.ts';
import { addNode } from '../../apps/server/src/nodes/enrolment.ts';
import { nodesDb, type NodesDb } from '../../apps/server/src/nodes/nodes.tables.ts';
import { dnsRemote } from '../../apps/server/src/platform/dns/dns.remote.ts';
import type { DnsServer } from '../../apps/server/src/platform/dns/dns.port.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { createTestHost, type TestHost } from '../../apps/server/test/support/netns.ts';
import { startTestNats } from '../../apps/server/test/support/nats-server.ts';
import { startPdns, type PdnsNode } from './pdns-node.ts';
import { dnsProbe, type DnsProbe } from './dns-probe.ts';
import type { Cleanup } from './bench-zones.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const AGENT = fileURLToPath(new URL('./dns-agent.ts', import.meta.url));

export interface AgentStart {
  /** ms from spawning the process to its NATS connection, and to its hello answered. */
  connectedMs: number;
  startedMs: number;
}

export interface BenchNode {
  name: string;
  host: TestHost;
  pdns: PdnsNode;
  probe: DnsProbe;
  /** The DNS port on this node as the panel drives it: outbox, relay, NATS, agent. */
  dns: DnsServer;
  agentPid(): number;
  startAgent(): Promise<AgentStart>;
  stopAgent(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** How many of the node's objects the node has not confirmed at their newest revision. */
export async function behindOn(db: NodesDb, node: string): Promise<number> {
  const row = await db
    .selectFrom('node_objects')
    .select(sql<number>`count(*)`.as('n'))
    .where('node', '=', node)
    .whereRef('applied_revision', '<', 'revision')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function startTenNodes(count: number, dir: string, cleanup: Cleanup) {
  const names = Array.from({ length: count }, (_, i) => `n${i + 1}`);
  const nats = await startTestNats(names, { host: '0.0.0.0' });
  cleanup.add('nats-server', () => nats.stop());
  const natsPid = Number(readFileSync(nats.pidFile, 'utf8').trim());
  const port = new URL(nats.url).port;
  const log = pino({ level: 'warn' });
  const handle = openDatabase(`sqlite:${join(dir, 'panel-nats.sqlite')}`);
  cleanup.add('panel database', () => handle.close());
  await migrate(handle);
  const bus = await createNatsPanelBus({
    servers: `nats://127.0.0.1:${port}`,
    ...nats.panel,
    onError: (error) => log.warn({ err: error }, 'panel bus'),
  });
  cleanup.add('panel bus', () => bus.close());
  const panel = createNodes({ db: handle.db, bus, clock: systemClock, log, applyWaitMs: 600_000 });
  await panel.start();
  cleanup.add('panel nodes', () => panel.stop());

  const nodes: BenchNode[] = [];
  for (const name of names) {
    await addNode(panel.store, systemClock, name, ['dns']);
    await bus.ensureNode(name);
    const host = await createTestHost();
    cleanup.add(`namespace ${host.name}`, () => host.remove());
    const pdns = await startPdns({
      dir: join(dir, name, 'pdns'),
      address: host.address,
      dnsPort: 53,
      apiPort: 8081,
      wrap: host.wrap,
    });
    cleanup.add(`pdns ${name}`, () => pdns.stop());
    const probe = await dnsProbe(host.address, 53);
    cleanup.add(`probe ${name}`, async () => probe.close());
    let agent: ChildProcess | null = null;
    const env = {
      PATH: process.env.PATH,
      BENCH_NODE: name,
      BENCH_NATS_URL: `nats://${host.hostAddress}:${port}`,
      BENCH_NATS_USER: nats.node(name).user,
      BENCH_NATS_PASS: nats.node(name).pass,
      BENCH_PDNS_API: pdns.apiUrl,
      BENCH_PDNS_KEY: pdns.apiKey,
      BENCH_AGENT_DIR: join(dir, name, 'agent'),
    };
    const stopAgent = async (signal: 'SIGTERM' | 'SIGKILL') => {
      const child = agent;
      agent = null;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    };
    const startAgent = () =>
      new Promise<AgentStart>((resolve, reject) => {
        const t0 = performance.now();
        const flags = process.env.BENCH_AGENT_FLAGS?.split(' ').filter(Boolean) ?? [];
        const argv = host.wrap([process.execPath, ...flags, '--import', 'tsx', AGENT]);
        const child = spawn(argv[0]!, argv.slice(1), { env, cwd: ROOT, stdio: 'pipe' });
        agent = child;
        let out = '';
        let connectedMs = NaN;
        const timer = setTimeout(() => reject(new Error(`agent ${name}: ${out}`)), 120_000);
        child.stderr.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-4000)));
        child.stdout.on('data', (d: Buffer) => {
          const text = d.toString();
          out += text;
          if (text.includes('connected')) connectedMs = performance.now() - t0;
          if (text.includes('started')) {
            clearTimeout(timer);
            resolve({ connectedMs, startedMs: performance.now() - t0 });
          }
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`agent ${name} exited (${code}): ${out}`));
        });
      });
    cleanup.add(`agent ${name}`, () => stopAgent('SIGTERM'));
    nodes.push({
      name,
      host,
      pdns,
      probe,
      dns: panel.port(dnsRemote, name),
      agentPid: () => agent?.pid ?? 0,
      startAgent,
      stopAgent,
    });
  }
  await Promise.all(nodes.map((n) => n.startAgent()));
  return { nodes, panel, db: nodesDb(handle.db), natsPid };
}
export type TenNodes = Awaited<ReturnType<typeof startTenNodes>>;
