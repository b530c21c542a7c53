import type { Kysely } from 'kysely';
import { createInProcessBus } from '../platform/node-bus/node-bus.in-process.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../model/logger.ts';
import { VERSION } from '../version.ts';
import { bindAdapter, createAdapterTable, type AdapterBinding } from '../agent/adapter-table.ts';
import type { AsyncPort, PortSpec } from '../platform/node-bus/port-spec.ts';
import type { NodePorts } from '../model/node-ports.ts';
import { heldFile } from '../agent/held-revisions.ts';
import { startAgent, type Agent } from '../agent/agent.ts';
import { createNodes } from './nodes.service.ts';
import { NODE_ROLES } from './enrolment.ts';

export interface LocalNodesDeps<DB> {
  db: Kysely<DB>;
  clock: Clock;
  log: Logger;
  applyWaitMs: number;
  /** The agent's own folder (its held revisions): `<data dir>/agent`. */
  agentDir: string;
  /** The local machine's adapters known at start, each with its port's spec (more via `port`). */
  adapters?: readonly AdapterBinding[];
}

/**
 * One machine (docs/nodes.md): the panel's nodes service and the `local` node's agent in one
 * process over the in-process bus, the same code a remote node runs over NATS.
 */
export async function startLocalNodes<DB>(deps: LocalNodesDeps<DB>) {
  const { clock, log } = deps;
  const bus = createInProcessBus({ onError: (error) => log.error({ err: error }, 'node bus') });
  const nodes = createNodes({ ...deps, bus: bus.panel, log: log.child({ component: 'nodes' }) });
  // The panel listens before the agent says hello.
  await nodes.start();
  const table = createAdapterTable(deps.adapters);
  let agent: Agent | null = null;
  const agentLog = log.child({ component: 'agent' });
  const agentStart = async () => {
    agent ??= await startAgent({
      bus: bus.agent('local'),
      table,
      held: heldFile(deps.agentDir),
      roles: NODE_ROLES,
      version: VERSION,
      clock,
      log: agentLog,
    });
  };
  const agentStop = async () => {
    await agent?.stop();
    agent = null;
  };
  await agentStart();
  const ports = new Map<string, Map<string, unknown>>();
  return {
    nodes,
    /**
     * Port `T` on every node: `local` is this machine's `adapter`, served by the local agent;
     * any other node is reached over the bus. Calls go through the outbox either way.
     */
    port<T extends AsyncPort<T>>(spec: PortSpec<T>, adapter: T): NodePorts<T> {
      if (ports.has(spec.name)) throw new Error(`port ${spec.name} is bound twice`);
      table.add(bindAdapter(spec, adapter));
      const byNode = new Map<string, unknown>();
      ports.set(spec.name, byNode);
      return (node) => {
        let port = byNode.get(node) as T | undefined;
        if (!port) {
          port = nodes.port(spec, node);
          byNode.set(node, port);
        }
        return port;
      };
    },
    /** The local agent alone, as a test stops a node and starts it again. */
    agent: { start: agentStart, stop: agentStop },
    async stop(): Promise<void> {
      await agentStop();
      await nodes.stop();
      await bus.panel.close();
    },
  };
}
export type LocalNodes = Awaited<ReturnType<typeof startLocalNodes>>;
