import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

/** Customer MariaDB databases, their users, the per-customer prefix and download tickets. */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('customer_databases'), dialect)
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_databases_domain')
    .on('customer_databases')
    .column('domain_id')
    .execute();

  await withId(db.schema.createTable('customer_database_users'), dialect)
    .addColumn('database_id', 'integer', (c) =>
      c.notNull().references('customer_databases.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_database_users_db')
    .on('customer_database_users')
    .column('database_id')
    .execute();

  await db.schema
    .createTable('database_prefixes')
    .addColumn('customer_id', 'integer', (c) =>
      c.primaryKey().references('customers.id').onDelete('cascade'),
    )
    .addColumn('prefix', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('database_download_tickets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('database_id', 'integer', (c) =>
      c.notNull().references('customer_databases.id').onDelete('cascade'),
    )
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .execute();
}

export const databasesMigration: MigrationDef = { name: '0200-databases', up };
