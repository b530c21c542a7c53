import { setTimeout as delay } from 'node:timers/promises';
import {
  WORK_IN_FLIGHT,
  type AgentBus,
  type Operation,
  type OperationError,
  type OperationResult,
  type Unsubscribe,
} from '../platform/node-bus/node-bus.port.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../model/logger.ts';
import { HEARTBEAT_MS } from '../nodes/heartbeats.ts';
import { failureOf } from '../platform/node-bus/bus-failure.ts';
import type { AdapterTable } from './adapter-table.ts';
import { createObjectChains } from './object-chains.ts';
import type { HeldFile } from './held-revisions.ts';

export interface AgentDeps {
  bus: AgentBus;
  table: AdapterTable;
  held: HeldFile;
  roles: readonly string[];
  version: string;
  clock: Clock;
  log: Logger;
  heartbeatMs?: number;
  /** How long to wait before saying hello again when no panel answered (2 s). */
  helloRetryMs?: number;
  /** Gives up saying hello (the agent is being stopped before it started). */
  signal?: AbortSignal;
  /**
   * Operations applied at once, each object's in order (default WORK_IN_FLIGHT, what the bus
   * hands out unacknowledged).
   */
  concurrency?: number;
}

/** A running agent; `stop` ends its work, reads and heartbeats (the bus stays the caller's). */
export interface Agent {
  stop(): Promise<void>;
}

/**
 * `haven agent` (docs/nodes.md): says what it holds, applies its work with the node's adapters
 * (each object's in order, objects side by side: a slow or failing one holds up no other),
 * skipping a revision it already holds, serves reads and beats its heart.
 */
export async function startAgent(deps: AgentDeps): Promise<Agent> {
  const { bus, table, held: file, roles, version, clock, log } = deps;
  const node = bus.node;
  const held = await file.load();
  // Changes that arrive together reach the adapters together (the web server checks and
  // reloads them as one batch); a redelivered older revision waits its turn, then is skipped.
  const chains = createObjectChains(deps.concurrency ?? WORK_IN_FLIGHT);

  async function applyNow(op: Operation): Promise<OperationResult> {
    const result = (error: OperationError | null, value?: unknown): OperationResult => ({
      id: op.id,
      node,
      object: op.object,
      revision: op.revision,
      error,
      ...(value === undefined ? {} : { value }),
      at: clock.now(),
    });
    if ((held.get(op.object) ?? 0) >= op.revision) return result(null);
    const handler = table.changes.get(op.call);
    if (!handler) return result({ reason: 'unknown_call', message: `no adapter for ${op.call}` });
    try {
      const value = await handler(op.args);
      held.set(op.object, op.revision);
      await file.save(held);
      return result(null, value);
    } catch (error) {
      log.warn({ err: error, operation: op.id, object: op.object }, 'agent: apply failed');
      return result(failureOf(error));
    }
  }

  const apply = (op: Operation): Promise<OperationResult> =>
    chains.run(op.object, () => applyNow(op));

  const read = async (call: string, args: unknown[]): Promise<unknown> => {
    const handler = table.reads.get(call);
    if (!handler) throw new Error(`no adapter for ${call}`);
    return handler(args);
  };

  const beat = () =>
    bus
      .heartbeat({ node, roles: [...roles], version, at: clock.now() })
      .catch((error: unknown) => log.warn({ err: error }, 'agent: heartbeat failed'));

  // Work is taken only after the panel heard what this node holds and queued its catch-up.
  for (;;) {
    try {
      await bus.hello({ node, objects: Object.fromEntries(held) });
      break;
    } catch (error) {
      deps.signal?.throwIfAborted();
      log.warn({ err: error, node }, 'agent: hello not answered; trying again');
      await delay(deps.helloRetryMs ?? 2_000, undefined, { signal: deps.signal });
    }
  }
  const subscriptions: Unsubscribe[] = [await bus.consume(apply), await bus.serve(read)];
  await beat();
  const timer = setInterval(() => void beat(), deps.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();
  log.info({ node, objects: held.size }, 'agent: started');

  return {
    async stop() {
      clearInterval(timer);
      for (const unsubscribe of subscriptions) await unsubscribe();
      await chains.idle();
    },
  };
}
