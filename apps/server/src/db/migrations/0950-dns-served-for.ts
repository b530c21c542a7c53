import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/**
 * The subdomain whose name a record serves because Haven added it (a new subdomain, a reset):
 * deleting that subdomain deletes the record. Null for the customer's own and the provider's.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dns_records').addColumn('served_for', 'text').execute();
}

export const dnsServedForMigration: MigrationDef = { name: '0950-dns-served-for', up };
