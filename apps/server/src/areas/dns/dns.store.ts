import type { Selectable } from 'kysely';
import type { DnsDb, DnsRecordsTable, DnsZonesTable } from './dns.tables.ts';
import type { RecordDraft } from './dns-records.ts';

export type RecordRow = Selectable<DnsRecordsTable>;
export type ZoneRow = Selectable<DnsZonesTable>;

/** One change of a zone, written in one transaction together with the new serial. */
export interface ZoneWrite {
  domainId: number;
  serial: number;
  now: number;
  insert?: readonly RecordDraft[];
  update?: { id: number; draft: RecordDraft };
  delete?: readonly number[];
  /** Remove every record first (reset to the defaults). */
  clear?: boolean;
  flags?: { has_spamfilter?: number; ns_remote?: number };
}

const INSERT_CHUNK = 500;

export function createDnsStore(db: DnsDb) {
  const store = {
    zone: (domainId: number) =>
      db.selectFrom('dns_zones').selectAll().where('domain_id', '=', domainId).executeTakeFirst(),
    records: (domainId: number) =>
      db
        .selectFrom('dns_records')
        .selectAll()
        .where('domain_id', '=', domainId)
        .orderBy('id')
        .execute(),
    /** Zones Haven serves, for a full reconcile. */
    zones: () =>
      db
        .selectFrom('dns_zones')
        .innerJoin('domains', 'domains.id', 'dns_zones.domain_id')
        .select(['domains.id', 'domains.name'])
        .orderBy('domains.name')
        .execute(),
    setFlags: (
      domainId: number,
      flags: { has_spamfilter?: number; ns_remote?: number; ns_remote_hosts?: string | null },
    ) => db.updateTable('dns_zones').set(flags).where('domain_id', '=', domainId).execute(),
    setSerial: (domainId: number, serial: number, now: number) =>
      db
        .updateTable('dns_zones')
        .set({ serial, updated_at: now })
        .where('domain_id', '=', domainId)
        .execute(),

    /** Writes a change and the serial atomically; answers the ids of inserted records. */
    write: (w: ZoneWrite): Promise<number[]> =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('dns_zones')
          .values({ domain_id: w.domainId, serial: w.serial, updated_at: w.now })
          .onConflict((oc) =>
            oc.column('domain_id').doUpdateSet({ serial: w.serial, updated_at: w.now }),
          )
          .execute();
        if (w.flags)
          await trx
            .updateTable('dns_zones')
            .set(w.flags)
            .where('domain_id', '=', w.domainId)
            .execute();
        if (w.clear)
          await trx.deleteFrom('dns_records').where('domain_id', '=', w.domainId).execute();
        if (w.delete && w.delete.length > 0)
          await trx
            .deleteFrom('dns_records')
            .where('domain_id', '=', w.domainId)
            .where('id', 'in', w.delete)
            .execute();
        if (w.update)
          await trx
            .updateTable('dns_records')
            .set({ ...w.update.draft, updated_at: w.now })
            .where('domain_id', '=', w.domainId)
            .where('id', '=', w.update.id)
            .execute();
        const ids: number[] = [];
        const rows = (w.insert ?? []).map((d) => ({
          ...d,
          domain_id: w.domainId,
          created_at: w.now,
          updated_at: w.now,
        }));
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const inserted = await trx
            .insertInto('dns_records')
            .values(rows.slice(i, i + INSERT_CHUNK))
            .returning('id')
            .execute();
          ids.push(...inserted.map((r) => r.id));
        }
        return ids;
      }),
  };
  return store;
}
export type DnsStore = ReturnType<typeof createDnsStore>;
