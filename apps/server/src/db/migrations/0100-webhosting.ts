import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('webusers'), dialect)
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    // Global: an FTP login names one account on the whole server.
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('home', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webusers_domain').on('webusers').column('domain_id').execute();

  await withId(db.schema.createTable('subdomains'), dialect)
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('php', 'text')
    .addColumn('webuser_id', 'integer', (c) => c.references('webusers.id').onDelete('set null'))
    .addColumn('perl', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('python', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    // Two requests racing for one name: the second fails here, not in a check before it.
    .addUniqueConstraint('subdomains_domain_name', ['domain_id', 'name'])
    .execute();

  await db.schema
    .createTable('subdomain_ini')
    .addColumn('subdomain_id', 'integer', (c) =>
      c.notNull().references('subdomains.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('subdomain_ini_pk', ['subdomain_id', 'key'])
    .execute();

  await withId(db.schema.createTable('protected_dirs'), dialect)
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('subdomain_id', 'integer', (c) =>
      c.notNull().references('subdomains.id').onDelete('cascade'),
    )
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('protected_dirs_sub_path', ['subdomain_id', 'path'])
    .execute();

  await withId(db.schema.createTable('protected_dir_users'), dialect)
    .addColumn('dir_id', 'integer', (c) =>
      c.notNull().references('protected_dirs.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('protected_dir_users_dir_name', ['dir_id', 'name'])
    .execute();
}

export const webhosting: MigrationDef = { name: '0100-webhosting', up };
