import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

/** Mailing lists of a domain and their subscribers (Haven's own list expander delivers them). */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('mail_lists'), dialect)
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('admin_email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('mail_lists_domain_name', ['domain_id', 'name'])
    .execute();

  await withId(db.schema.createTable('mail_list_subscribers'), dialect)
    .addColumn('list_id', 'integer', (c) =>
      c.notNull().references('mail_lists.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('mail_list_subscribers_list_email', ['list_id', 'email'])
    .execute();
}

export const mailListsMigration: MigrationDef = { name: '0920-mail-lists', up };
