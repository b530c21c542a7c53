import { LOCAL_NODE } from '../../model/node-ports.ts';
import type { LogsDb } from './logs.tables.ts';

/** The logs area's SQL: download tickets and the time of each domain's last rotation. */
export function createLogsStore(db: LogsDb) {
  return {
    async addTicket(hash: string, domainId: number, name: string, now: number, expiresAt: number) {
      await db.deleteFrom('log_tickets').where('expires_at', '<', now).execute();
      await db
        .insertInto('log_tickets')
        .values({
          token_hash: hash,
          domain_id: domainId,
          name,
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
    },
    /** Marks a live ticket used; only the first caller gets its domain and log name. */
    async redeemTicket(hash: string, now: number) {
      return db
        .updateTable('log_tickets')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['domain_id', 'name'])
        .executeTakeFirst();
    },
    /** Domains with web hosting (their homes have logs), each with its node. */
    hostingDomains: async () =>
      (
        await db
          .selectFrom('domains')
          .select(['id', 'name', 'node'])
          .where('package', '=', 'HOSTING')
          .execute()
      ).map((d) => ({ id: d.id, name: d.name, node: d.node ?? LOCAL_NODE })),
    async rotatedAt(domainId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('log_rotations')
        .select('rotated_at')
        .where('domain_id', '=', domainId)
        .executeTakeFirst();
      return row?.rotated_at;
    },
    async setRotatedAt(domainId: number, at: number) {
      await db
        .insertInto('log_rotations')
        .values({ domain_id: domainId, rotated_at: at })
        .onConflict((oc) => oc.column('domain_id').doUpdateSet({ rotated_at: at }))
        .execute();
    },
  };
}
export type LogsStore = ReturnType<typeof createLogsStore>;
