import { randomUUID } from 'node:crypto';
import type { HeldRevisions } from '../platform/node-bus/node-bus.port.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../model/logger.ts';
import type { OperationsStore } from './operations.store.ts';

/**
 * A node (re)connected and said what it holds (docs/nodes.md, step 6). Its report is the truth:
 * operations at or below it are done (their results may have been lost), the applied revision
 * follows it (down too, when the node lost its state), and the newest operation of every object
 * it is behind on goes out again (a failed one stays failed: a reconnect does not fix it).
 */
export function createCatchUp(deps: {
  ops: OperationsStore;
  clock: Clock;
  log: Logger;
  kick: () => void;
}) {
  const { ops, clock, log, kick } = deps;
  return async function onHello(held: HeldRevisions): Promise<number> {
    let requeued = 0;
    const objects = await ops.objectsOf(held.node);
    const holds = (object: string, revision: number) =>
      Math.min(held.objects[object] ?? 0, revision);
    for (const o of objects) {
      const h = holds(o.object, o.revision);
      if (h !== o.applied_revision) await ops.setApplied(held.node, o.object, h);
    }
    await ops.settleHeld(held.node, clock.now());
    for (const o of objects) {
      if (holds(o.object, o.revision) >= o.revision) continue;
      requeued += await ops.requeueNewest(held.node, o.object, o.revision, randomUUID());
    }
    if (requeued > 0) log.info({ node: held.node, requeued }, 'catch-up: operations sent again');
    kick();
    return requeued;
  };
}
