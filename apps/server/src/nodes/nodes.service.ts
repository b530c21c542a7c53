import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NodeName, PanelBus, Unsubscribe } from '../platform/node-bus/node-bus.port.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../model/logger.ts';
import { nodesDb } from './nodes.tables.ts';
import { createNodesStore } from './nodes.store.ts';
import { createOperationsStore } from './operations.store.ts';
import { createOutbox } from './outbox.ts';
import { createRelay, ORPHAN_MS } from './relay.ts';
import { createResults } from './results.ts';
import { createCatchUp } from './catch-up.ts';
import { createHeartbeats } from './heartbeats.ts';
import { placeDomain } from './placement.ts';
import { createDomainChanges } from './domain-changes.ts';
import { remotePort } from './remote-port.ts';
import type { AsyncPort, PortSpec } from '../platform/node-bus/port-spec.ts';
import type { NodeRole } from './enrolment.ts';

export interface NodesDeps<DB> {
  /** The panel's database (any schema type: the nodes' tables are added to it). */
  db: Kysely<DB>;
  bus: PanelBus;
  clock: Clock;
  log: Logger;
  /** HAVEN_APPLY_WAIT_MS (default 5000). */
  applyWaitMs: number;
  /** How often the relay looks for pending operations besides being woken (1 s). */
  relayRetryMs?: number;
  /**
   * The bus is this process's own (in-process): publish only the changes made here, and
   * another process's once orphaned (relay.ts). A shared bus (NATS) takes every row.
   */
  ownWorkOnly?: boolean;
}

/**
 * The panel's side of its hosting nodes (a core service, like customers/): registry, outbox,
 * relay, results, heartbeats, catch-up and placement, and the remote ports areas will drive.
 */
export function createNodes<DB>(deps: NodesDeps<DB>) {
  const { bus, clock, log } = deps;
  const db = nodesDb(deps.db);
  const store = createNodesStore(db);
  const ops = createOperationsStore(db);
  // This process, as the origin of the changes it records (ownWorkOnly).
  const origin = deps.ownWorkOnly ? randomUUID() : null;
  const relay = createRelay({
    ops,
    bus,
    clock,
    log,
    retryMs: deps.relayRetryMs,
    ...(origin
      ? {
          takes: (row: { origin: string | null; created_at: number }) =>
            row.origin === null ||
            row.origin === origin ||
            row.created_at <= clock.now() - ORPHAN_MS,
        }
      : {}),
  });
  const outbox = createOutbox({
    db,
    ops,
    clock,
    applyWaitMs: deps.applyWaitMs,
    kick: relay.kick,
    origin,
  });
  const onResult = createResults({ db, clock, log, resolved: outbox.resolved });
  const onHeartbeat = createHeartbeats({ nodes: store, clock, log });
  const catchUp = createCatchUp({ ops, clock, log, kick: relay.kick });
  let subscriptions: Unsubscribe[] = [];
  const domainChanges = createDomainChanges(db, clock);

  return {
    store,
    ops,
    outbox,
    relay,
    /** A domain's pending and failed changes on its node, and trying a failed one again. */
    changes: {
      of: (domainId: number, node: string) => domainChanges.of(domainId, node),
      async retry(domainId: number, id: string): Promise<boolean> {
        const queued = await domainChanges.retry(domainId, id);
        if (queued) relay.kick();
        return queued;
      },
    },
    /** The node a new domain goes on when the operator names none. */
    place: (role: NodeRole) => placeDomain(store, clock, role),
    /** Port `T` on one node (a remote one, or `local` through the in-process bus). */
    port: <T extends AsyncPort<T>>(spec: PortSpec<T>, node: NodeName): T =>
      remotePort(spec, { node, outbox, bus }),
    async start(): Promise<void> {
      subscriptions = [
        await bus.onResult(onResult),
        await bus.onHeartbeat((beat) => {
          onHeartbeat(beat).catch((error: unknown) => log.error({ err: error }, 'heartbeat'));
        }),
        await bus.onHello(async (held) => {
          const node = await store.byName(held.node);
          if (node?.state === 'revoked' || !node) {
            log.warn({ node: held.node }, 'hello from an unknown or revoked node');
            return;
          }
          await catchUp(held);
        }),
      ];
      relay.start();
    },
    async stop(): Promise<void> {
      await relay.stop();
      for (const unsubscribe of subscriptions) await unsubscribe();
      subscriptions = [];
    },
  };
}
export type Nodes = ReturnType<typeof createNodes<unknown>>;
