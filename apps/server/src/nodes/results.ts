import type { OperationResult } from '../platform/node-bus/node-bus.port.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../model/logger.ts';
import type { NodesDb } from './nodes.tables.ts';
import { createOperationsStore } from './operations.store.ts';

/**
 * Marks an operation applied or failed from the node's result (docs/nodes.md, step 5); an applied
 * one raises the object's applied revision and drops the object's older finished operations, in
 * the same transaction. A result for a row already done is ignored.
 */
export function createResults(deps: {
  db: NodesDb;
  clock: Clock;
  log: Logger;
  resolved: (result: OperationResult) => void;
}) {
  const { db, clock, log, resolved } = deps;
  return async function onResult(result: OperationResult): Promise<void> {
    const row = await db.transaction().execute(async (trx) => {
      const ops = createOperationsStore(trx);
      const done = await ops.markDone(result, clock.now());
      if (done && !result.error) {
        await ops.applied(done.node, done.object, done.revision);
        await ops.pruneBefore(done.node, done.object, done.revision);
      }
      return done;
    });
    if (!row) {
      // Already done (a duplicate), or not this node's: the bus keeps nodes apart, this is a guard.
      log.debug({ operation: result.id, node: result.node }, 'result: no open operation');
      return;
    }
    if (result.error)
      log.warn({ operation: row.id, node: row.node, error: result.error }, 'operation failed');
    resolved(result);
  };
}
