import { randomUUID } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import type { NodesDb } from './nodes.tables.ts';

/** A failed operation as the operator sees it: what, which revision, and the adapter's error. */
export interface FailedOperation {
  id: string;
  object: string;
  revision: number;
  call: string;
  reason: string;
  message: string;
  at: number;
  /** False when a newer revision of the object was queued since (this one needs no retry). */
  newest: boolean;
}

/** A node's failed operations, newest first (`haven node:failed`). */
export async function failedOperations(db: NodesDb, node: string): Promise<FailedOperation[]> {
  const rows = await db
    .selectFrom('node_operations as o')
    .innerJoin('node_objects as b', (join) =>
      join.onRef('b.node', '=', 'o.node').onRef('b.object', '=', 'o.object'),
    )
    .select(['o.id', 'o.object', 'o.revision', 'o.call', 'o.error_reason', 'o.error_message'])
    .select(['o.done_at', 'o.created_at', 'b.revision as newest'])
    .where('o.node', '=', node)
    .where('o.state', '=', 'failed')
    .orderBy('o.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    object: r.object,
    revision: r.revision,
    call: r.call,
    reason: r.error_reason ?? 'failed',
    message: r.error_message ?? '',
    at: Number(r.done_at ?? r.created_at),
    newest: r.revision === r.newest,
  }));
}

/**
 * Queues every failed operation that is still its object's newest again, each under a new id
 * (the queue drops an id it has seen); answers how many. The relay sends them on its next pass.
 */
export async function retryFailed(db: NodesDb, clock: Clock, node: string): Promise<number> {
  const retry = (await failedOperations(db, node)).filter((f) => f.newest);
  for (const f of retry) {
    await db
      .updateTable('node_operations')
      .set({ id: randomUUID(), state: 'pending', sent_at: null, created_at: clock.now() })
      .set({ origin: null })
      .set({ error_reason: null, error_message: null, done_at: null })
      .where('id', '=', f.id)
      .where('state', '=', 'failed')
      .execute();
  }
  return retry.length;
}
