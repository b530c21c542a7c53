import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type {
  CustomersTable,
  DomainsTable,
  IdentitiesTable,
  NotificationsTable,
} from '../db/schema.ts';

/** Writes that only the operator (CLI, seed, fulfilment) makes. */
export function createOperatorStore(db: Db) {
  return {
    insertCustomer: async (row: Insertable<CustomersTable>) =>
      (await db.insertInto('customers').values(row).returning('id').executeTakeFirstOrThrow()).id,
    insertDomain: async (row: Insertable<DomainsTable>) =>
      (await db.insertInto('domains').values(row).returning('id').executeTakeFirstOrThrow()).id,
    insertIdentity: async (row: Insertable<IdentitiesTable>) =>
      (await db.insertInto('identities').values(row).returning('id').executeTakeFirstOrThrow()).id,
    updateDomain: (id: number, set: Updateable<DomainsTable>) =>
      db.updateTable('domains').set(set).where('id', '=', id).execute(),
    insertNotification: async (row: Insertable<NotificationsTable>) =>
      (await db.insertInto('notifications').values(row).returning('id').executeTakeFirstOrThrow())
        .id,
    customerCount: async () =>
      Number(
        (
          await db
            .selectFrom('customers')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    listDomains: () =>
      db
        .selectFrom('domains')
        .innerJoin('customers', 'customers.id', 'domains.customer_id')
        .select([
          'domains.name',
          'domains.package',
          'domains.status',
          'domains.premium',
          'domains.instap',
          'domains.active',
          'customers.name as customer',
          'customers.id as customer_id',
        ])
        .orderBy('domains.name')
        .execute(),
  };
}
export type OperatorStore = ReturnType<typeof createOperatorStore>;
