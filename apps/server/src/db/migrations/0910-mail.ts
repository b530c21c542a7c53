import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

/** Mail accounts (addresses and groups), their aliases, forwards and per-domain mail settings. */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const domainId = 'domain_id';
  await withId(db.schema.createTable('mail_accounts'), dialect)
    .addColumn(domainId, 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('quota_mb', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('autoresponder', 'text')
    .addColumn('spamfilter', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('mail_accounts_domain_name', [domainId, 'name'])
    .execute();

  await withId(db.schema.createTable('mail_aliases'), dialect)
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('mail_accounts.id').onDelete('cascade'),
    )
    .addColumn(domainId, 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('mail_aliases_domain_name', [domainId, 'name'])
    .execute();
  await db.schema
    .createIndex('mail_aliases_account')
    .on('mail_aliases')
    .column('account_id')
    .execute();

  await withId(db.schema.createTable('mail_forwards'), dialect)
    .addColumn(domainId, 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('mail_forwards_domain_name', [domainId, 'name'])
    .execute();

  await db.schema
    .createTable('mail_domains')
    .addColumn(domainId, 'integer', (c) =>
      c.primaryKey().references('domains.id').onDelete('cascade'),
    )
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('catch_all', 'text')
    .execute();
}

export const mailMigration: MigrationDef = { name: '0910-mail', up };
