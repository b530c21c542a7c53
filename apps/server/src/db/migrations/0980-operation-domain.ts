import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.ts';

/**
 * The domain a node operation was made for (null: not a domain's), shown on its screens; and
 * the process that recorded it (its relay publishes it: nodes/relay.ts), null for anyone's.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('node_operations').addColumn('domain_id', 'integer').execute();
  await db.schema.alterTable('node_operations').addColumn('origin', 'text').execute();
  await db.schema
    .createIndex('node_operations_domain')
    .on('node_operations')
    .columns(['domain_id', 'state'])
    .execute();
}

export const operationDomainMigration: MigrationDef = { name: '0980-operation-domain', up };
