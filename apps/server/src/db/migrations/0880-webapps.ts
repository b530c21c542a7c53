import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

/** One-click web apps: one row per install, with what it made. */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('webapps'), dialect)
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('package_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('subdomain', 'text', (c) => c.notNull())
    .addColumn('directory', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('admin_path', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('error', 'text')
    .addColumn('placed', 'text')
    .addColumn('database_name', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  // One app per folder of a subdomain: a second install into it is refused, also in a race.
  await db.schema
    .createIndex('webapps_place')
    .on('webapps')
    .columns(['domain_id', 'subdomain', 'directory'])
    .unique()
    .execute();
}

export const webappsMigration: MigrationDef = { name: '0880-webapps', up };
