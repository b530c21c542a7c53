import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  Operation,
  OperationError,
  OperationResult,
} from '../platform/node-bus/node-bus.port.ts';
import type { Clock } from '../lib/clock.ts';
import { actingDomain } from '../lib/acting-domain.ts';
import { nodesDb, type NodesDb } from './nodes.tables.ts';
import { createOperationsStore, type OperationsStore } from './operations.store.ts';

/** A change to queue: which node, which object, and the port call that sets its whole state. */
export interface Change {
  node: string;
  object: string;
  call: string;
  args: unknown[];
}

/** What became of a change within the wait: applied, failed with the adapter's reason, or not yet. */
export type ChangeOutcome =
  | { state: 'applied'; operation: Operation; value: unknown }
  | { state: 'failed'; operation: Operation; error: OperationError }
  | { state: 'pending'; operation: Operation };

/** The panel's side of a change (docs/nodes.md, steps 2 and 5). */
export interface Outbox {
  /** Queues the change in the caller's transaction (or database); await it after the commit. */
  record<DB>(trx: Kysely<DB>, change: Change): Promise<Operation>;
  /** Waits for a recorded change's result up to the apply wait, waking the relay first. */
  settle(operation: Operation): Promise<ChangeOutcome>;
  /** `record` in a transaction of its own, then `settle`. */
  change(change: Change): Promise<ChangeOutcome>;
  /** Hands a result to whoever awaits it (results.ts calls this once the row is marked). */
  resolved: (result: OperationResult) => void;
}

export interface OutboxDeps {
  db: NodesDb;
  ops: OperationsStore;
  clock: Clock;
  /** HAVEN_APPLY_WAIT_MS: how long a caller waits for the node before the change shows pending. */
  applyWaitMs: number;
  /** Wakes the relay so a change does not wait for its next pass. */
  kick: () => void;
  /** This process as the changes' origin (relay.ts), or null: any relay publishes them. */
  origin?: string | null;
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const { db, ops, clock, applyWaitMs, kick } = deps;
  const waiters = new Map<string, (result: OperationResult) => void>();

  const recordIn = (trx: NodesDb, change: Change) =>
    createOperationsStore(trx).record(
      { id: randomUUID(), ...change },
      clock.now(),
      actingDomain(),
      deps.origin ?? null,
    );
  const record = <DB>(trx: Kysely<DB>, change: Change) => recordIn(nodesDb(trx), change);

  async function settle(operation: Operation): Promise<ChangeOutcome> {
    const heard = new Promise<OperationResult | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), applyWaitMs);
      waiters.set(operation.id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
    });
    kick();
    const result = await heard;
    waiters.delete(operation.id);
    if (result) {
      return result.error
        ? { state: 'failed', operation, error: result.error }
        : { state: 'applied', operation, value: result.value };
    }
    // Another panel instance may have heard the result: the row knows.
    const row = await ops.byId(operation.id);
    if (row?.state === 'applied') return { state: 'applied', operation, value: undefined };
    if (row?.state === 'failed') {
      const error = { reason: row.error_reason ?? 'failed', message: row.error_message ?? '' };
      return { state: 'failed', operation, error };
    }
    return { state: 'pending', operation };
  }

  return {
    record,
    settle,
    async change(change) {
      const operation = await db.transaction().execute((trx) => recordIn(trx, change));
      return settle(operation);
    },
    resolved(result) {
      waiters.get(result.id)?.(result);
    },
  };
}
