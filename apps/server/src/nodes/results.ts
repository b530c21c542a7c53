import type { OperationResult } from '../platform/node-bus/node-bus.port.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../model/logger.ts';
import type { OperationsStore } from './operations.store.ts';

/**
 * Marks an operation applied or failed from the node's result (docs/nodes.md, step 5); an applied
 * one raises the object's applied revision. A result for a row already done is ignored.
 */
export function createResults(deps: {
  ops: OperationsStore;
  clock: Clock;
  log: Logger;
  resolved: (result: OperationResult) => void;
}) {
  const { ops, clock, log, resolved } = deps;
  return async function onResult(result: OperationResult): Promise<void> {
    const row = await ops.markDone(result, clock.now());
    if (!row) {
      // Already done (a duplicate), or not this node's: the bus keeps nodes apart, this is a guard.
      log.debug({ operation: result.id, node: result.node }, 'result: no open operation');
      return;
    }
    if (!result.error) {
      await ops.applied(row.node, row.object, row.revision);
    } else {
      log.warn({ operation: row.id, node: row.node, error: result.error }, 'operation failed');
    }
    resolved(result);
  };
}
