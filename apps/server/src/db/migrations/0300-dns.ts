import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('dns_zones')
    .addColumn('domain_id', 'integer', (c) =>
      c.primaryKey().references('domains.id').onDelete('cascade'),
    )
    .addColumn('serial', TIME, (c) => c.notNull())
    .addColumn('has_spamfilter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ns_remote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('dns_records'), dialect)
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('ttl', 'integer', (c) => c.notNull())
    .addColumn('priority', 'integer')
    .addColumn('weight', 'integer')
    .addColumn('port', 'integer')
    .addColumn('service', 'text')
    .addColumn('protocol', 'text')
    .addColumn('flags', 'integer')
    .addColumn('tag', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dns_records_domain')
    .on('dns_records')
    .columns(['domain_id', 'kind'])
    .execute();
}

export const dnsMigration: MigrationDef = { name: '0300-dns', up };
