import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/**
 * A customer's domains come back ordered by name on every GET /api/user: with the name in the
 * index SQLite reads them in order instead of sorting them in a temporary b-tree (12.5 -> 7.8 µs
 * per query). The old index is this one's prefix.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('domains_customer_name')
    .on('domains')
    .columns(['customer_id', 'name'])
    .execute();
  await db.schema.dropIndex('domains_customer').execute();
}

export const domainOrderMigration: MigrationDef = { name: '0600-domain-order', up };
