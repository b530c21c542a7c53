import { failureOf } from './bus-failure.ts';
import {
  NodeCallError,
  NodeUnavailableError,
  PanelUnavailableError,
  type AgentBus,
  type Heartbeat,
  type HeldRevisions,
  type NodeName,
  type Operation,
  type OperationResult,
  type PanelBus,
  WORK_IN_FLIGHT,
} from './node-bus.port.ts';
import { createResultQueue } from './in-process-results.ts';

/**
 * The bus in one process (one machine, no NATS), with the NATS adapter's semantics so the panel
 * and the agent run the same code either way: each node's work handed out in order, up to
 * `inFlight` unacknowledged at a time (the agent keeps each object's work in order), a publish
 * of an id already seen dropped, a message acknowledged (removed) only once its result is
 * handed over, work in hand at an agent's `close()` handed to the next agent. Everything
 * crosses as JSON, as it would over the wire. Not durable: a restart of the process loses what
 * is queued, which the outbox (nodes/) resends, as after a lost NATS message.
 */
export interface InProcessBus {
  panel: PanelBus;
  agent(node: NodeName): AgentBus;
}

export interface InProcessBusOptions {
  /** An id published again within this is dropped; default 10 minutes, as on NATS. */
  duplicateWindowMs?: number;
  /** A result whose handler failed is handed over again after this; default 1 s. */
  retryResultMs?: number;
  /** Operations of a node handed out and not yet acknowledged, at most (NATS's max_ack_pending). */
  inFlight?: number;
  onError?: (error: unknown) => void;
}

type Apply = (op: Operation) => Promise<OperationResult>;
interface Taker {
  apply: Apply;
  closed: boolean;
}
interface NodeQueue {
  /** Unacknowledged, in the order published. */
  ops: Operation[];
  seen: Map<string, number>;
  takers: Taker[];
  /** Operations handed out and being applied, and by whom. */
  taking: Map<Operation, { taker: Taker; done: Promise<void> }>;
}

/** JSON in, JSON out: what a NATS message would carry (a Date becomes a string, undefined goes). */
export const overTheWire = <T>(value: T): T =>
  value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);

export function createInProcessBus(options: InProcessBusOptions = {}): InProcessBus {
  const window = options.duplicateWindowMs ?? 10 * 60_000;
  const inFlight = Math.max(1, options.inFlight ?? WORK_IN_FLIGHT);
  const queues = new Map<NodeName, NodeQueue>();
  const results = createResultQueue(options.retryResultMs ?? 1000, options.onError);
  const beats = new Set<(beat: Heartbeat) => void>();
  const hellos = new Set<(held: HeldRevisions) => Promise<void>>();
  const readers = new Map<NodeName, (call: string, args: unknown[]) => Promise<unknown>>();

  const queue = (node: NodeName): NodeQueue => {
    let q = queues.get(node);
    if (!q) queues.set(node, (q = { ops: [], seen: new Map(), takers: [], taking: new Map() }));
    return q;
  };

  const pump = (node: NodeName) => {
    const q = queue(node);
    const taker = q.takers[0];
    if (!taker) return;
    for (const op of q.ops) {
      if (q.taking.size >= inFlight) return;
      if (!q.taking.has(op)) q.taking.set(op, { taker, done: take(node, q, taker, op) });
    }
  };

  const take = async (node: NodeName, q: NodeQueue, taker: Taker, op: Operation) => {
    let result: OperationResult;
    try {
      result = await taker.apply(overTheWire(op));
    } catch (error) {
      const { id, object, revision } = op;
      result = { id, node, object, revision, error: failureOf(error), at: Date.now() };
    }
    // Given up on (the agent closed): not acknowledged, the next agent takes it again.
    if (q.taking.get(op)?.taker !== taker || taker.closed) return;
    results.push(overTheWire({ ...result, node }));
    q.ops = q.ops.filter((o) => o !== op);
    q.taking.delete(op);
    pump(node);
  };

  const panel: PanelBus = {
    async publish(op) {
      const q = queue(op.node);
      const now = Date.now();
      for (const [id, at] of q.seen) if (now - at > window) q.seen.delete(id);
      if (q.seen.has(op.id)) return;
      q.seen.set(op.id, now);
      q.ops.push(overTheWire(op));
      pump(op.node);
    },
    async ensureNode(node) {
      queue(node);
    },
    async onResult(handler) {
      return results.listen(handler);
    },
    async onHeartbeat(handler) {
      beats.add(handler);
      return async () => void beats.delete(handler);
    },
    async onHello(handler) {
      hellos.add(handler);
      return async () => void hellos.delete(handler);
    },
    async request(node, call, args, timeoutMs) {
      const read = readers.get(node);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new NodeUnavailableError(node)), timeoutMs);
      });
      try {
        // No agent serves the node: nobody will answer (NATS says "no responders" at once too).
        if (!read) throw new NodeUnavailableError(node);
        const answer = read(call, overTheWire(args)).then(overTheWire, (error: unknown) => {
          const { reason, message } = failureOf(error);
          throw new NodeCallError(node, reason, message);
        });
        return await Promise.race([answer, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      results.close();
      beats.clear();
      hellos.clear();
    },
  };

  const agent = (node: NodeName): AgentBus => {
    const mine = new Set<Taker>();
    let reader: ((call: string, args: unknown[]) => Promise<unknown>) | null = null;
    const drop = (taker: Taker) => {
      const q = queue(node);
      q.takers = q.takers.filter((t) => t !== taker);
      mine.delete(taker);
    };
    return {
      node,
      async hello(held) {
        const [handler] = hellos;
        if (!handler) throw new PanelUnavailableError(`no panel answered the hello of ${node}`);
        await handler(overTheWire({ ...held, node }));
      },
      async consume(apply) {
        const taker: Taker = { apply, closed: false };
        queue(node).takers.push(taker);
        mine.add(taker);
        pump(node);
        return async () => {
          drop(taker);
          // Unsubscribing waits for the operations in hand and their acknowledgements.
          const q = queue(node);
          await Promise.all(
            [...q.taking.values()].filter((t) => t.taker === taker).map((t) => t.done),
          );
        };
      },
      async heartbeat(beat) {
        for (const handler of beats) {
          try {
            handler(overTheWire({ ...beat, node }));
          } catch (error) {
            options.onError?.(error);
          }
        }
      },
      async serve(read) {
        reader = read;
        readers.set(node, read);
        return async () => {
          if (readers.get(node) === read) readers.delete(node);
        };
      },
      async close() {
        const q = queue(node);
        for (const taker of [...mine]) {
          taker.closed = true;
          drop(taker);
          for (const [op, t] of q.taking) if (t.taker === taker) q.taking.delete(op);
        }
        if (reader && readers.get(node) === reader) readers.delete(node);
        pump(node);
      },
    };
  };

  return { panel, agent };
}
