import { sql, type Selectable } from 'kysely';
import type { Operation, OperationError } from '../platform/node-bus/node-bus.port.ts';
import type { NodeOperationsTable, NodesDb } from './nodes.tables.ts';

export type OperationRow = Selectable<NodeOperationsTable>;

export function toOperation(row: OperationRow): Operation {
  return {
    id: row.id,
    node: row.node,
    object: row.object,
    revision: row.revision,
    call: row.call,
    args: JSON.parse(row.args) as unknown[],
  };
}

/** The outbox's SQL: node_objects (revisions) and node_operations (the queue and its results). */
export function createOperationsStore(db: NodesDb) {
  return {
    /** Raises the object's revision by one and queues the change; run it in one transaction. */
    async record(
      change: Omit<Operation, 'revision'>,
      now: number,
      domainId: number | null = null,
      origin: string | null = null,
    ): Promise<Operation> {
      const { revision } = await db
        .insertInto('node_objects')
        .values({ node: change.node, object: change.object, revision: 1, applied_revision: 0 })
        .onConflict((oc) =>
          oc
            .columns(['node', 'object'])
            .doUpdateSet({ revision: sql<number>`node_objects.revision + 1` }),
        )
        .returning('revision')
        .executeTakeFirstOrThrow();
      const op: Operation = { ...change, revision: Number(revision) };
      await db
        .insertInto('node_operations')
        .values({
          id: op.id,
          node: op.node,
          object: op.object,
          revision: op.revision,
          call: op.call,
          args: JSON.stringify(op.args),
          state: 'pending',
          error_reason: null,
          error_message: null,
          created_at: now,
          sent_at: null,
          done_at: null,
          domain_id: domainId,
          origin,
        })
        .execute();
      return op;
    },

    byId: (id: string) =>
      db.selectFrom('node_operations').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Pending operations, oldest first, after a cursor (a pass walks them all once, so rows whose
     * publish keeps failing do not hide the rest); a revoked node's wait.
     */
    pending(limit: number, after: { at: number; id: string } | null = null) {
      let query = db
        .selectFrom('node_operations')
        .selectAll()
        .where('state', '=', 'pending')
        .where('node', 'not in', (eb) =>
          eb.selectFrom('nodes').select('name').where('state', '=', 'revoked'),
        );
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '>', after.at),
            eb.and([eb('created_at', '=', after.at), eb('id', '>', after.id)]),
          ]),
        );
      return query.orderBy('created_at').orderBy('id').limit(limit).execute();
    },

    /** Only a row still pending: a result may have come back before the publish resolved. */
    async markSent(id: string, now: number): Promise<void> {
      await db
        .updateTable('node_operations')
        .set({ state: 'sent', sent_at: now })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },

    /** Records a result once, from the row's own node; undefined when there is no open row. */
    async markDone(
      result: { id: string; node: string; error: OperationError | null },
      now: number,
    ): Promise<OperationRow | undefined> {
      return db
        .updateTable('node_operations')
        .set({
          state: result.error ? 'failed' : 'applied',
          error_reason: result.error?.reason ?? null,
          error_message: result.error?.message ?? null,
          done_at: now,
        })
        .where('id', '=', result.id)
        .where('node', '=', result.node)
        .where('state', 'in', ['pending', 'sent'])
        .returningAll()
        .executeTakeFirst();
    },

    /** The node holds the object at `revision` (never lowers it here). */
    async applied(node: string, object: string, revision: number): Promise<void> {
      await db
        .updateTable('node_objects')
        .set({ applied_revision: revision })
        .where('node', '=', node)
        .where('object', '=', object)
        .where('applied_revision', '<', revision)
        .execute();
    },

    /**
     * Drops the object's finished operations older than `revision` (just applied): the newest
     * is all catch-up resends, so the table stays one row per object plus what is in flight,
     * and an older call's arguments (a password, say) do not stay behind.
     */
    async pruneBefore(node: string, object: string, revision: number): Promise<void> {
      await db
        .deleteFrom('node_operations')
        .where('node', '=', node)
        .where('object', '=', object)
        .where('revision', '<', revision)
        .where('state', 'in', ['applied', 'failed'])
        .execute();
    },

    objectsOf: (node: string) =>
      db.selectFrom('node_objects').selectAll().where('node', '=', node).execute(),

    /** What the node reported holding, as it is (it may have lost state, or a result). */
    async setApplied(node: string, object: string, revision: number): Promise<void> {
      await db
        .updateTable('node_objects')
        .set({ applied_revision: revision })
        .where('node', '=', node)
        .where('object', '=', object)
        .execute();
    },

    /** Operations at or below what the node holds are done, whatever became of their results. */
    async settleHeld(node: string, now: number): Promise<void> {
      await db
        .updateTable('node_operations')
        .set({ state: 'applied', done_at: now })
        .where('node', '=', node)
        .where('state', 'in', ['pending', 'sent'])
        .where('revision', '<=', (eb) =>
          eb
            .selectFrom('node_objects')
            .select('applied_revision')
            .whereRef('node_objects.node', '=', 'node_operations.node')
            .whereRef('node_objects.object', '=', 'node_operations.object'),
        )
        .execute();
    },

    /**
     * Sends the object's newest operation again: sent and lost, or applied and lost with the
     * node's state. A failed one keeps its error until the next change or a reconcile. It goes
     * under a new id: the queue drops an id it has seen (for minutes), lost or not.
     */
    async requeueNewest(
      node: string,
      object: string,
      revision: number,
      id: string,
    ): Promise<number> {
      const res = await db
        .updateTable('node_operations')
        .set({ id, state: 'pending', sent_at: null, origin: null })
        .where('node', '=', node)
        .where('object', '=', object)
        .where('revision', '=', revision)
        .where('state', 'in', ['sent', 'applied'])
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}
export type OperationsStore = ReturnType<typeof createOperationsStore>;
