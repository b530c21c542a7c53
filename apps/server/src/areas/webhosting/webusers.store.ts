import type { WebhostingDb } from './webhosting.tables.ts';

/** Web users (FTP accounts). Names are unique over the whole installation. */
export function createWebUsersStore(db: WebhostingDb) {
  return {
    list: (domainId: number) =>
      db
        .selectFrom('webusers')
        .select(['id', 'name', 'home', 'password_hash'])
        .where('domain_id', '=', domainId)
        .orderBy('name')
        .execute(),

    byName: (domainId: number, name: string) =>
      db
        .selectFrom('webusers')
        .select(['id', 'name', 'home', 'password_hash'])
        .where('domain_id', '=', domainId)
        .where('name', '=', name)
        .executeTakeFirst(),

    byId: (domainId: number, id: number) =>
      db
        .selectFrom('webusers')
        .select(['id', 'name', 'home', 'password_hash'])
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Whether any customer holds the login (FTP logins are global). */
    nameTaken: async (name: string) =>
      (await db.selectFrom('webusers').select('id').where('name', '=', name).executeTakeFirst()) !==
      undefined,

    insert: (row: {
      domain_id: number;
      name: string;
      password_hash: string;
      home: string;
      at: number;
    }) =>
      db
        .insertInto('webusers')
        .values({
          domain_id: row.domain_id,
          name: row.name,
          password_hash: row.password_hash,
          home: row.home,
          created_at: row.at,
          updated_at: row.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id),

    setPassword: (id: number, hash: string, at: number) =>
      db
        .updateTable('webusers')
        .set({ password_hash: hash, updated_at: at })
        .where('id', '=', id)
        .execute(),

    remove: (id: number) => db.deleteFrom('webusers').where('id', '=', id).execute(),
  };
}
export type WebUsersStore = ReturnType<typeof createWebUsersStore>;
