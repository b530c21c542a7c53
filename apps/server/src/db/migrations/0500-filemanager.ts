import type { Kysely } from 'kysely';
import { TIME, type MigrationDef } from './helpers.ts';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('filemanager_trash')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('original_path', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', TIME, (c) => c.notNull())
    .addColumn('deleted_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('filemanager_trash_domain')
    .on('filemanager_trash')
    .columns(['domain_id', 'deleted_at'])
    .execute();

  await db.schema
    .createTable('filemanager_tickets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('identity_id', 'integer', (c) =>
      c.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .execute();
}

export const filemanagerMigration: MigrationDef = { name: '0500-filemanager', up };
