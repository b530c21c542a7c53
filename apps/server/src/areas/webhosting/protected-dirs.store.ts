import type { WebhostingDb } from './webhosting.tables.ts';

/** Protected directories and their users (htpasswd lines). */
export function createProtectedDirsStore(db: WebhostingDb) {
  return {
    list: (domainId: number) =>
      db
        .selectFrom('protected_dirs as d')
        .innerJoin('subdomains as s', 's.id', 'd.subdomain_id')
        .leftJoin('protected_dir_users as u', 'u.dir_id', 'd.id')
        .select([
          'd.id',
          'd.path',
          'd.description',
          'd.subdomain_id',
          's.name as subdomain',
          (eb) => eb.fn.count<number>('u.id').as('users'),
        ])
        .where('d.domain_id', '=', domainId)
        .groupBy(['d.id', 'd.path', 'd.description', 'd.subdomain_id', 's.name'])
        .orderBy('s.name')
        .orderBy('d.path')
        .execute(),

    byId: (domainId: number, id: number) =>
      db
        .selectFrom('protected_dirs as d')
        .innerJoin('subdomains as s', 's.id', 'd.subdomain_id')
        .select(['d.id', 'd.path', 'd.description', 'd.subdomain_id', 's.name as subdomain'])
        .where('d.domain_id', '=', domainId)
        .where('d.id', '=', id)
        .executeTakeFirst(),

    insert: (row: {
      domain_id: number;
      subdomain_id: number;
      path: string;
      description: string;
      created_at: number;
    }) =>
      db
        .insertInto('protected_dirs')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id),

    remove: (id: number) => db.deleteFrom('protected_dirs').where('id', '=', id).execute(),

    users: (dirId: number) =>
      db
        .selectFrom('protected_dir_users')
        .select(['id', 'name', 'password_hash'])
        .where('dir_id', '=', dirId)
        .orderBy('name')
        .execute(),

    /** Every user of every protected directory of a domain (to write the htpasswd files). */
    usersOfDomain: (domainId: number) =>
      db
        .selectFrom('protected_dir_users as u')
        .innerJoin('protected_dirs as d', 'd.id', 'u.dir_id')
        .select(['u.dir_id', 'u.name', 'u.password_hash'])
        .where('d.domain_id', '=', domainId)
        .orderBy('u.name')
        .execute(),

    insertUser: (row: {
      dir_id: number;
      name: string;
      password_hash: string;
      created_at: number;
    }) =>
      db
        .insertInto('protected_dir_users')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id),

    setUserPassword: (dirId: number, name: string, hash: string) =>
      db
        .updateTable('protected_dir_users')
        .set({ password_hash: hash })
        .where('dir_id', '=', dirId)
        .where('name', '=', name)
        .execute(),

    removeUser: (dirId: number, name: string) =>
      db
        .deleteFrom('protected_dir_users')
        .where('dir_id', '=', dirId)
        .where('name', '=', name)
        .execute(),
  };
}
export type ProtectedDirsStore = ReturnType<typeof createProtectedDirsStore>;
