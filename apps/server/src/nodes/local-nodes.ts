import type { Kysely } from 'kysely';
import { createInProcessBus } from '../platform/node-bus/node-bus.in-process.ts';
import { createNatsAgentBus, createNatsPanelBus } from '../platform/node-bus/node-bus.nats.ts';
import type { AgentBus, PanelBus } from '../platform/node-bus/node-bus.port.ts';
import type { NatsSettings } from '../model/core-config.ts';
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
import { panelNatsLogin } from './nats-login.ts';

export interface LocalNodesDeps<DB> {
  db: Kysely<DB>;
  clock: Clock;
  log: Logger;
  applyWaitMs: number;
  /** The agent's own folder (its held revisions): `<data dir>/agent`. */
  agentDir: string;
  /** The local machine's adapters known at start, each with its port's spec (more via `port`). */
  adapters?: readonly AdapterBinding[];
  /** NATS_URL and the panel's login: remote nodes over NATS (null: the in-process bus alone). */
  nats?: NatsSettings | null;
  /**
   * Over NATS, whether this process runs the `local` node's agent (default yes). The operator
   * CLI does not: two agents on one queue could apply an object's revisions out of order.
   */
  localAgentOverNats?: boolean;
  /** The node users of nats-server's authorization, when this panel writes it (NATS_AUTH_FILE). */
  natsUsers?: { ensure(): Promise<boolean> } | null;
}

/**
 * The panel's bus and the local agent's. With NATS the local agent takes its work from NATS
 * too, with the panel's login: one outbox and one relay for every node, `local` among them.
 */
async function busesOf(
  deps: Pick<LocalNodesDeps<unknown>, 'nats' | 'natsUsers' | 'log'>,
): Promise<{ panel: PanelBus; agent: () => AgentBus; close(): Promise<void> }> {
  const onError = (error: unknown) => deps.log.error({ err: error }, 'node bus');
  if (!deps.nats) {
    const bus = createInProcessBus({ onError });
    return { panel: bus.panel, agent: () => bus.agent('local'), close: () => bus.panel.close() };
  }
  // On the first start the panel's own user goes into the authorization before it logs in.
  if (await deps.natsUsers?.ensure()) deps.log.info('nats-server authorization written');
  const login = panelNatsLogin(deps.nats);
  const panel = await createNatsPanelBus({ ...login, replicas: deps.nats.replicas, onError });
  const agent = await createNatsAgentBus({ ...login, node: 'local', onError });
  return {
    panel,
    agent: () => agent,
    async close() {
      await agent.close();
      await panel.close();
    },
  };
}

/**
 * One machine (docs/nodes.md): the panel's nodes service and the `local` node's agent in one
 * process over the in-process bus, the same code a remote node runs over NATS. With NATS
 * settings the panel's bus is NATS, and remote nodes (`haven agent`) take their work there.
 */
export async function startLocalNodes<DB>(deps: LocalNodesDeps<DB>) {
  const { clock, log } = deps;
  const bus = await busesOf(deps);
  const nodes = createNodes({
    ...deps,
    bus: bus.panel,
    log: log.child({ component: 'nodes' }),
    // Each process has its own in-process bus and agent: it publishes its own changes.
    ownWorkOnly: !deps.nats,
  });
  // The panel listens before the agent says hello.
  await nodes.start();
  const table = createAdapterTable(deps.adapters);
  let agent: Agent | null = null;
  const agentLog = log.child({ component: 'agent' });
  const agentStart = async () => {
    agent ??= await startAgent({
      bus: bus.agent(),
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
  const runsLocalAgent = !deps.nats || (deps.nats.localAgent && deps.localAgentOverNats !== false);
  // With its adapters given up front the agent starts now; else once they are bound (`ready`):
  // work it took before would fail as a call no adapter answers.
  if (deps.adapters && runsLocalAgent) await agentStart();
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
    /** Every adapter of this machine is bound (`port`): the local agent may take its work. */
    async ready(): Promise<void> {
      if (runsLocalAgent) await agentStart();
    },
    /** The local agent alone, as a test stops a node and starts it again. */
    agent: { start: agentStart, stop: agentStop },
    /** Makes a node's work queue before its agent first asks for work (enrolment). */
    ensureNode: (node: string) => bus.panel.ensureNode(node),
    async stop(): Promise<void> {
      await agentStop();
      await nodes.stop();
      await bus.close();
    },
  };
}
export type LocalNodes = Awaited<ReturnType<typeof startLocalNodes>>;
