import type { PanelBus } from '../platform/node-bus/node-bus.port.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../model/logger.ts';
import { toOperation, type OperationsStore } from './operations.store.ts';

/** Publishes the outbox's pending operations (docs/nodes.md, step 3). */
export interface Relay {
  /** Runs a pass soon; passes never overlap, a kick during one runs another after it. */
  kick: () => void;
  /** Passes every `retryMs` as well, for publishes that failed and results of another instance. */
  start(): void;
  stop(): Promise<void>;
  /** Resolves when no pass is running or due. */
  idle(): Promise<void>;
}

export interface RelayDeps {
  ops: OperationsStore;
  bus: PanelBus;
  clock: Clock;
  log: Logger;
  retryMs?: number;
  batch?: number;
  /**
   * Which pending rows this relay publishes now (default all). On one machine each process
   * has its own in-process bus and agent (the server, an operator's CLI command): a process
   * publishes the changes it made, and another's only once they are orphaned (ORPHAN_MS).
   */
  takes?: (row: { origin: string | null; created_at: number }) => boolean;
}

/** A change another process made and left unpublished this long is taken over (it exited). */
export const ORPHAN_MS = 10_000;

export function createRelay(deps: RelayDeps): Relay {
  const { ops, bus, clock, log, retryMs = 1_000, batch = 100 } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** One pass over every pending row, in batches; a failed publish stays pending for the next. */
  async function pass(): Promise<void> {
    let after: { at: number; id: string } | null = null;
    for (;;) {
      const rows = await ops.pending(batch, after);
      for (const row of rows) {
        if (deps.takes && !deps.takes(row)) continue;
        try {
          await bus.publish(toOperation(row));
          await ops.markSent(row.id, clock.now());
        } catch (error) {
          log.warn({ err: error, operation: row.id, node: row.node }, 'relay: publish failed');
        }
      }
      const last = rows.at(-1);
      if (!last || rows.length < batch) return;
      after = { at: last.created_at, id: last.id };
    }
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, 'relay: pass failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    kick,
    start() {
      stopped = false;
      timer = setInterval(kick, retryMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
}
