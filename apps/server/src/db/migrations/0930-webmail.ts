import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

/** Spam training marks per mailbox message, and the webmail sign-on tokens (hashes only). */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const account = 'account_id';
  await db.schema
    .createTable('mail_training')
    .addColumn(account, 'integer', (c) =>
      c.notNull().references('mail_accounts.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('mark', 'text', (c) => c.notNull())
    .addColumn('trained_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_training_pk', [account, 'message_id'])
    .execute();

  await withId(db.schema.createTable('webmail_tokens'), dialect)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn(account, 'integer', (c) =>
      c.notNull().references('mail_accounts.id').onDelete('cascade'),
    )
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('used_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
}

export const webmailMigration: MigrationDef = { name: '0930-webmail', up };
