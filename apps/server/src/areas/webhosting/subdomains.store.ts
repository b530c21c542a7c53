import type { WebhostingDb } from './webhosting.tables.ts';

export { isUniqueViolation } from '../../db/unique-violation.ts';

/** Subdomains and their PHP settings (desired state; the web server is made to match it). */
export function createSubdomainsStore(db: WebhostingDb) {
  /** A domain's subdomains with the name of the web user that serves each. */
  const withWebUser = (domainId: number) =>
    db
      .selectFrom('subdomains as s')
      .leftJoin('webusers as w', 'w.id', 's.webuser_id')
      .select([
        's.id',
        's.name',
        's.php',
        's.webuser_id',
        's.perl',
        's.python',
        'w.name as webuser_name',
      ])
      .where('s.domain_id', '=', domainId);

  return {
    list: (domainId: number) => withWebUser(domainId).orderBy('s.name').execute(),

    byName: (domainId: number, name: string) =>
      withWebUser(domainId).where('s.name', '=', name).executeTakeFirst(),

    insert: (row: {
      domain_id: number;
      name: string;
      php: string | null;
      webuser_id: number | null;
      created_at: number;
    }) =>
      db
        .insertInto('subdomains')
        .values({ ...row, perl: 0, python: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id),

    update: (id: number, set: { php?: string | null; webuser_id?: number | null }) =>
      db.updateTable('subdomains').set(set).where('id', '=', id).execute(),

    remove: (id: number) => db.deleteFrom('subdomains').where('id', '=', id).execute(),

    usersOf: (webuserId: number) =>
      db
        .selectFrom('subdomains')
        .select(['id', 'name'])
        .where('webuser_id', '=', webuserId)
        .orderBy('name')
        .execute(),

    /** The domain's subdomains that have an FTP account, by name: one query for a whole list. */
    withWebuser: (domainId: number) =>
      db
        .selectFrom('subdomains')
        .select(['name', 'webuser_id'])
        .where('domain_id', '=', domainId)
        .where('webuser_id', 'is not', null)
        .orderBy('name')
        .execute(),

    ini: (subdomainId: number) =>
      db
        .selectFrom('subdomain_ini')
        .select(['key', 'value'])
        .where('subdomain_id', '=', subdomainId)
        .orderBy('key')
        .execute(),

    iniOfDomain: (domainId: number) =>
      db
        .selectFrom('subdomain_ini as i')
        .innerJoin('subdomains as s', 's.id', 'i.subdomain_id')
        .select(['i.subdomain_id', 'i.key', 'i.value'])
        .where('s.domain_id', '=', domainId)
        .execute(),

    /** Replaces every override of a subdomain in one transaction. */
    replaceIni: (subdomainId: number, ini: Record<string, string>) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('subdomain_ini').where('subdomain_id', '=', subdomainId).execute();
        const rows = Object.entries(ini).map(([key, value]) => ({
          subdomain_id: subdomainId,
          key,
          value,
        }));
        if (rows.length > 0) await trx.insertInto('subdomain_ini').values(rows).execute();
      }),
  };
}
export type SubdomainsStore = ReturnType<typeof createSubdomainsStore>;
