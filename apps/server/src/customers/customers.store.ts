import { LOCAL_NODE } from '../model/node-ports.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DomainsTable, IdentitiesTable } from '../db/schema.ts';
import type { DomainRef } from '../model/principal.ts';

export type DomainRow = Selectable<DomainsTable>;
export type IdentityRow = Selectable<IdentitiesTable>;

export function toDomainRef(row: DomainRow): DomainRef {
  return {
    id: row.id,
    name: row.name,
    customerId: row.customer_id,
    status: row.status,
    package: row.package,
    instap: row.instap === 1,
    premium: row.premium === 1,
    active: row.active === 1,
    mailActive: row.mail_active === 1,
    maxDatabases: row.max_databases,
    diskQuotaMb: row.disk_quota_mb,
    node: row.node ?? LOCAL_NODE,
  };
}

/** Customers, their domains and login identities: the records every area hangs off. */
export function createCustomersStore(db: Db) {
  return {
    domainByName: (name: string) =>
      db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirst(),
    domainById: (id: number) =>
      db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst(),
    domainsOfCustomer: (customerId: number) =>
      db
        .selectFrom('domains')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('name')
        .execute(),
    /**
     * An identity's own fields with every domain of its customer, one row per domain, in one
     * query: GET /api/user runs on every page load.
     */
    identityWithDomains: (identityId: number, customerId: number) =>
      db
        .selectFrom('identities')
        .innerJoin('domains', (join) => join.on('domains.customer_id', '=', customerId))
        .select([
          'domains.id',
          'domains.name',
          'domains.status',
          'domains.package',
          'domains.instap',
          'domains.premium',
          'domains.active',
          'identities.name as identity_name',
          'identities.type as identity_type',
          'identities.email as identity_email',
          'identities.language as identity_language',
          'identities.domain_id as identity_domain_id',
        ])
        .where('identities.id', '=', identityId)
        .orderBy('domains.name')
        .execute(),
    identityById: (id: number) =>
      db.selectFrom('identities').selectAll().where('id', '=', id).executeTakeFirst(),
    identityByLogin: (domainId: number, username: string) =>
      db
        .selectFrom('identities')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('username', '=', username)
        .executeTakeFirst(),
    /** The login a password reset for a domain goes to: its primary identity. */
    primaryIdentity: (domainId: number) =>
      db
        .selectFrom('identities')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('primary_login', '=', 1)
        .executeTakeFirst(),
    setPasswordHash: (identityId: number, hash: string, at: number) =>
      db
        .updateTable('identities')
        .set({ password_hash: hash, password_changed_at: at })
        .where('id', '=', identityId)
        .execute(),
    customerById: (id: number) =>
      db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}
export type CustomersStore = ReturnType<typeof createCustomersStore>;
