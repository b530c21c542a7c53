import { randomUUID } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import type { NodesDb } from './nodes.tables.ts';
import { isUp } from './heartbeats.ts';

/** A change of a domain its node failed to apply, as its screens show it (no adapter text). */
export interface FailedChange {
  id: string;
  /** The port it went to (`ftp`, `dns`...): the screen says what kind of thing it was. */
  kind: string;
  at: number;
}

export interface DomainChanges {
  /** Saved and not yet applied on the domain's node. */
  pending: number;
  /** Whether the domain's node has beaten its heart lately. */
  nodeUp: boolean;
  /** Failed and still their object's newest change (a newer one supersedes a failure). */
  failed: FailedChange[];
}

/**
 * What the screens of a domain show about its changes on its hosting node (docs/nodes.md): the
 * operations its requests and jobs made (node_operations.domain_id), pending or failed.
 */
export function createDomainChanges(db: NodesDb, clock: Clock) {
  const failedRows = (domainId: number) =>
    db
      .selectFrom('node_operations as o')
      .innerJoin('node_objects as b', (join) =>
        join.onRef('b.node', '=', 'o.node').onRef('b.object', '=', 'o.object'),
      )
      .select(['o.id', 'o.call', 'o.done_at', 'o.created_at'])
      .where('o.domain_id', '=', domainId)
      .where('o.state', '=', 'failed')
      .whereRef('o.revision', '=', 'b.revision')
      .orderBy('o.created_at', 'desc')
      .limit(20)
      .execute();

  return {
    async of(domainId: number, node: string): Promise<DomainChanges> {
      const [pending, failed, row] = await Promise.all([
        db
          .selectFrom('node_operations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('domain_id', '=', domainId)
          .where('state', 'in', ['pending', 'sent'])
          .executeTakeFirst(),
        failedRows(domainId),
        db
          .selectFrom('nodes')
          .select('last_heartbeat_at')
          .where('name', '=', node)
          .executeTakeFirst(),
      ]);
      return {
        pending: Number(pending?.n ?? 0),
        nodeUp: isUp(row?.last_heartbeat_at ?? null, clock.now()),
        failed: failed.map((r) => ({
          id: r.id,
          kind: r.call.split('.')[0] ?? r.call,
          at: Number(r.done_at ?? r.created_at),
        })),
      };
    },

    /**
     * Queues a failed change of the domain again under a new id (the queue drops an id it has
     * seen); false when it is not the domain's, not failed, or no longer its object's newest.
     */
    async retry(domainId: number, id: string): Promise<boolean> {
      const still = (await failedRows(domainId)).some((r) => r.id === id);
      if (!still) return false;
      const res = await db
        .updateTable('node_operations')
        .set({ id: randomUUID(), state: 'pending', sent_at: null, created_at: clock.now() })
        .set({ origin: null })
        .set({ error_reason: null, error_message: null, done_at: null })
        .where('id', '=', id)
        .where('domain_id', '=', domainId)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
export type DomainChangesService = ReturnType<typeof createDomainChanges>;
