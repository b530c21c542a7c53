import type { Insertable, Selectable } from 'kysely';
import type { WebappsDb, WebappsTable } from './webapps.tables.ts';

export type WebappRow = Selectable<WebappsTable>;

/** The web apps area's SQL. */
export function createWebappsStore(db: WebappsDb) {
  return {
    list: (domainId: number) =>
      db
        .selectFrom('webapps')
        .selectAll()
        .where('domain_id', '=', domainId)
        .orderBy('id')
        .execute(),
    byId: (domainId: number, id: number) =>
      db
        .selectFrom('webapps')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .executeTakeFirst(),
    /** Undefined when the folder already has an app (the unique index decides, also in a race). */
    async insert(row: Insertable<WebappsTable>): Promise<number | undefined> {
      try {
        const r = await db
          .insertInto('webapps')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        return r.id;
      } catch (error) {
        if (/unique|duplicate/i.test(String(error))) return undefined;
        throw error;
      }
    },
    /** Every install not yet ready or failed, of all domains (checked at start). */
    installing: () =>
      db.selectFrom('webapps').selectAll().where('state', '=', 'installing').execute(),
    update: (id: number, values: Partial<Omit<WebappRow, 'id'>>) =>
      db.updateTable('webapps').set(values).where('id', '=', id).execute(),
    remove: (id: number) => db.deleteFrom('webapps').where('id', '=', id).execute(),
    countOnSubdomain: async (domainId: number, subdomain: string) =>
      Number(
        (
          await db
            .selectFrom('webapps')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('domain_id', '=', domainId)
            .where('subdomain', '=', subdomain)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
export type WebappsStore = ReturnType<typeof createWebappsStore>;
