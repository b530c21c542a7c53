import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('customers'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('domains'), dialect)
    .addColumn('customer_id', 'integer', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('package', 'text', (c) => c.notNull().defaultTo('HOSTING'))
    .addColumn('instap', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('premium', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('mail_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_databases', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('disk_quota_mb', 'integer', (c) => c.notNull().defaultTo(20000))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domains_customer').on('domains').column('customer_id').execute();

  await withId(db.schema.createTable('identities'), dialect)
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('nl'))
    .addColumn('primary_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('password_changed_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('identities_domain_username', ['domain_id', 'username'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identity_id', 'integer', (c) =>
      c.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('revoked_at', TIME)
    .execute();
  await db.schema
    .createIndex('sessions_identity')
    .on('sessions')
    .columns(['identity_id', 'ip'])
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_at', TIME, (c) => c.notNull())
    .addColumn('locked_until', TIME, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('password_resets'), dialect)
    .addColumn('identity_id', 'integer', (c) =>
      c.notNull().references('identities.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .execute();

  await withId(db.schema.createTable('notifications'), dialect)
    .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('message_nl', 'text', (c) => c.notNull())
    .addColumn('message_en', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME)
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_state').on('jobs').columns(['state', 'created_at']).execute();
}

export const foundation: MigrationDef = { name: '0001-foundation', up };
