import { LOCAL_NODE } from '../../model/node-ports.ts';
import { sql } from 'kysely';
import type { TrafficField } from '@haven/contract/statistics';
import type { StatisticsDb, StatisticsStateTable } from './statistics.tables.ts';

export interface Cursor {
  inode: number;
  offset: number;
}

/** The statistics area's SQL: daily traffic rows, log cursors, when the logs were read. */
export function createStatisticsStore(db: StatisticsDb) {
  return {
    days: (domainId: number, from: string, to: string) =>
      db
        .selectFrom('statistics_traffic')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .execute(),

    cursors: async (prefix: string): Promise<Map<string, Cursor>> => {
      const rows = await db
        .selectFrom('statistics_cursors')
        .selectAll()
        .where('source', 'like', `${prefix}%`)
        .execute();
      return new Map(
        rows.map((r) => [r.source, { inode: Number(r.inode), offset: Number(r.offset) }]),
      );
    },

    /**
     * Adds bytes to days and moves the cursor in one transaction: a read counted twice or lost
     * would need both to fail apart.
     */
    async addTraffic(
      source: string,
      cursor: Cursor,
      rows: { domainId: number; day: string; field: TrafficField; bytes: number }[],
    ): Promise<void> {
      await db.transaction().execute(async (tx) => {
        for (const r of rows) {
          if (r.bytes === 0) continue;
          await tx
            .insertInto('statistics_traffic')
            .values({ domain_id: r.domainId, day: r.day, [r.field]: r.bytes })
            .onConflict((oc) =>
              oc.columns(['domain_id', 'day']).doUpdateSet({
                [r.field]: sql<number>`statistics_traffic.${sql.ref(r.field)} + ${r.bytes}`,
              }),
            )
            .execute();
        }
        await tx
          .insertInto('statistics_cursors')
          .values({ source, inode: cursor.inode, offset: cursor.offset })
          .onConflict((oc) =>
            oc.column('source').doUpdateSet({ inode: cursor.inode, offset: cursor.offset }),
          )
          .execute();
      });
    },

    state: (domainId: number) =>
      db
        .selectFrom('statistics_state')
        .selectAll()
        .where('domain_id', '=', domainId)
        .executeTakeFirst(),

    async setState(
      domainId: number,
      values: Pick<StatisticsStateTable, 'refreshed_at'>,
    ): Promise<void> {
      await db
        .insertInto('statistics_state')
        .values({ domain_id: domainId, ...values })
        .onConflict((oc) => oc.column('domain_id').doUpdateSet(values))
        .execute();
    },

    /** Hosting domains: the ones whose logs the scheduled job reads. */
    hostingDomains: async () =>
      (
        await db
          .selectFrom('domains')
          .select(['id', 'name', 'node'])
          .where('package', '=', 'HOSTING')
          .orderBy('id')
          .execute()
      ).map((d) => ({ id: d.id, name: d.name, node: d.node ?? LOCAL_NODE })),

    plan: (domainId: number) =>
      db
        .selectFrom('domains')
        .select(['disk_quota_mb', 'max_databases'])
        .where('id', '=', domainId)
        .executeTakeFirst(),
  };
}
export type StatisticsStore = ReturnType<typeof createStatisticsStore>;
