import { sql, type Selectable } from 'kysely';
import type { NodesDb, NodesTable } from './nodes.tables.ts';

export type NodeRow = Selectable<NodesTable>;

/** A node as `haven nodes` shows it: its row and its outbox counts. */
export interface NodeSummary extends NodeRow {
  pending: number;
  failed: number;
}

/** The node registry's SQL: add, list with outbox counts, heartbeats, revoke. */
export function createNodesStore(db: NodesDb) {
  return {
    byName: (name: string) =>
      db.selectFrom('nodes').selectAll().where('name', '=', name).executeTakeFirst(),

    async add(row: {
      name: string;
      roles: readonly string[];
      tokenHash: string;
      expiresAt: number;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('nodes')
        .values({
          name: row.name,
          roles: row.roles.join(','),
          state: 'enrolling',
          enrol_token_hash: row.tokenHash,
          enrol_expires_at: row.expiresAt,
          credentials_issued_at: null,
          credentials_revoked_at: null,
          last_heartbeat_at: null,
          agent_version: null,
          created_at: row.now,
        })
        .execute();
    },

    /**
     * Every node with its pending (pending or sent) and failed operations, by name. A failure a
     * newer revision of its object has superseded no longer counts (`haven node:failed` shows it).
     */
    async list(): Promise<NodeSummary[]> {
      const [nodes, counts] = await Promise.all([
        db.selectFrom('nodes').selectAll().orderBy('name').execute(),
        db
          .selectFrom('node_operations as o')
          .innerJoin('node_objects as b', (join) =>
            join.onRef('b.node', '=', 'o.node').onRef('b.object', '=', 'o.object'),
          )
          .select(['o.node', 'o.state', (eb) => eb.fn.countAll<number>().as('n')])
          .where((eb) =>
            eb.or([
              eb('o.state', 'in', ['pending', 'sent']),
              eb.and([eb('o.state', '=', 'failed'), eb('o.revision', '=', eb.ref('b.revision'))]),
            ]),
          )
          .groupBy(['o.node', 'o.state'])
          .execute(),
      ]);
      const count = (node: string, states: string[]) =>
        counts
          .filter((c) => c.node === node && states.includes(c.state))
          .reduce((sum, c) => sum + Number(c.n), 0);
      return nodes.map((n) => ({
        ...n,
        pending: count(n.name, ['pending', 'sent']),
        failed: count(n.name, ['failed']),
      }));
    },

    /** Records a heartbeat; false when the node is unknown or revoked (its beat is ignored). */
    async beat(name: string, at: number, version: string): Promise<boolean> {
      const res = await db
        .updateTable('nodes')
        .set({ last_heartbeat_at: at, agent_version: version })
        .where('name', '=', name)
        .where('state', '!=', 'revoked')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /**
     * Trades a one-time token for credentials: the node becomes active, the token is gone. The
     * node's name, or undefined when the token is unknown, used or expired.
     */
    async redeem(tokenHash: string, now: number): Promise<string | undefined> {
      const row = await db
        .updateTable('nodes')
        .set({
          state: 'active',
          enrol_token_hash: null,
          enrol_expires_at: null,
          credentials_issued_at: now,
          credentials_revoked_at: null,
        })
        .where('enrol_token_hash', '=', tokenHash)
        .where('enrol_expires_at', '>=', now)
        .where('state', '=', 'enrolling')
        .returning('name')
        .executeTakeFirst();
      return row?.name;
    },

    /** Takes a node's credentials and any unused token away; false when there is no such node. */
    async revoke(name: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('nodes')
        .set({
          state: 'revoked',
          credentials_revoked_at: now,
          enrol_token_hash: null,
          enrol_expires_at: null,
        })
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Nodes up with a role and their domain counts, for placement. */
    async candidates(since: number): Promise<{ name: string; roles: string; domains: number }[]> {
      const rows = await db
        .selectFrom('nodes')
        // A domain without a node is on the local one.
        .leftJoin('domains', (join) =>
          join.on((eb) =>
            eb(eb.fn.coalesce('domains.node', sql.lit('local')), '=', eb.ref('nodes.name')),
          ),
        )
        .select(['nodes.name', 'nodes.roles', (eb) => eb.fn.count<number>('domains.id').as('n')])
        .where('nodes.state', '=', 'active')
        .where('nodes.last_heartbeat_at', '>=', since)
        .groupBy(['nodes.name', 'nodes.roles'])
        .execute();
      return rows.map((r) => ({ name: r.name, roles: r.roles, domains: Number(r.n) }));
    },
  };
}
export type NodesStore = ReturnType<typeof createNodesStore>;
