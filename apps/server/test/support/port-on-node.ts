import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { createInProcessBus } from '../../src/platform/node-bus/node-bus.in-process.ts';
import type { AsyncPort, PortSpec } from '../../src/platform/node-bus/port-spec.ts';
import { systemClock } from '../../src/lib/clock.ts';
import {
  bindAdapter,
  createAdapterTable,
  type AdapterBinding,
} from '../../src/agent/adapter-table.ts';
import { heldFile } from '../../src/agent/held-revisions.ts';
import { startAgent, type Agent } from '../../src/agent/agent.ts';
import { createNodes, type Nodes } from '../../src/nodes/nodes.service.ts';

/** One node's agent: the adapters it serves, made once the temp dir exists. */
export interface NodeAgentSetup {
  node?: string;
  roles?: readonly string[];
  bindings: (dir: string) => AdapterBinding[];
}

export interface PanelOptions {
  /** How long a change's caller waits for the node's answer (2 s here). */
  applyWaitMs?: number;
  /** Runs after the panel's nodes start, before any agent says hello (register a node). */
  beforeAgents?: (panel: PanelWithNodes) => Promise<void>;
}

/** A migrated SQLite panel, an in-process bus and the agents of its nodes, in a temp dir. */
export interface PanelWithNodes {
  dir: string;
  handle: DatabaseHandle;
  db: DatabaseHandle['db'];
  nodes: Nodes;
  /** Stops a node's agent (the first node's when none is named): the node goes down. */
  stopAgent(node?: string): Promise<void>;
  /** Starts a stopped agent again with the same adapters and held revisions. */
  startAgent(node?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startPanelWithNodes(
  setups: readonly NodeAgentSetup[],
  options: PanelOptions = {},
): Promise<PanelWithNodes> {
  const log = pino({ level: 'silent' });
  const dir = await mkdtemp(join(tmpdir(), 'haven-port-on-node-'));
  const handle = openDatabase(`sqlite:${join(dir, 'panel.sqlite')}`);
  await migrate(handle);
  const bus = createInProcessBus();
  const nodes = createNodes({
    db: handle.db,
    bus: bus.panel,
    clock: systemClock,
    log,
    applyWaitMs: options.applyWaitMs ?? 2000,
  });
  await nodes.start();
  const agents = new Map<string, Agent>();
  const byNode = new Map(setups.map((s) => [s.node ?? 'local', s]));
  const first = setups[0]?.node ?? 'local';
  // Bindings are made once so a restarted agent serves the same adapters (and their state).
  const tables = new Map([...byNode].map(([n, s]) => [n, createAdapterTable(s.bindings(dir))]));
  const panel: PanelWithNodes = {
    dir,
    handle,
    db: handle.db,
    nodes,
    async startAgent(node = first) {
      const table = tables.get(node);
      if (!table || agents.has(node)) return;
      const agent = await startAgent({
        bus: bus.agent(node),
        table,
        held: heldFile(join(dir, `agent-${node}`)),
        roles: byNode.get(node)?.roles ?? ['web'],
        version: 'test',
        clock: systemClock,
        log,
      });
      agents.set(node, agent);
    },
    async stopAgent(node = first) {
      await agents.get(node)?.stop();
      agents.delete(node);
    },
    async close() {
      for (const agent of agents.values()) await agent.stop();
      agents.clear();
      await nodes.stop();
      await bus.panel.close();
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await options.beforeAgents?.(panel);
  for (const node of byNode.keys()) await panel.startAgent(node);
  return panel;
}

export interface PortOnNodeOptions extends PanelOptions {
  node?: string;
  roles?: readonly string[];
}

/** One spec's adapter served by one node's agent, and the panel's port to it. */
export async function startPortOnNode<T extends AsyncPort<T>>(
  spec: PortSpec<T>,
  adapter: T | ((dir: string) => T),
  options: PortOnNodeOptions = {},
): Promise<PanelWithNodes & { port: T }> {
  const made = (dir: string) =>
    typeof adapter === 'function' ? (adapter as (dir: string) => T)(dir) : adapter;
  const { node = 'local', roles } = options;
  const panel = await startPanelWithNodes(
    [{ node, roles, bindings: (dir) => [bindAdapter(spec, made(dir))] }],
    options,
  );
  return { ...panel, port: panel.nodes.port(spec, node) };
}
