import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

/** Helpdesk tickets, their messages and attachments; the operator API's hashed keys. */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('helpdesk_tickets'), dialect)
    .addColumn('customer_id', 'integer', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('identity_id', 'integer')
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('about_kind', 'text', (c) => c.notNull())
    .addColumn('about_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('helpdesk_tickets_customer')
    .on('helpdesk_tickets')
    .columns(['customer_id', 'updated_at'])
    .execute();
  await withId(db.schema.createTable('helpdesk_messages'), dialect)
    .addColumn('ticket_id', 'integer', (c) =>
      c.notNull().references('helpdesk_tickets.id').onDelete('cascade'),
    )
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('helpdesk_messages_ticket')
    .on('helpdesk_messages')
    .column('ticket_id')
    .execute();
  // message_id null: uploaded, not yet sent with a ticket or reply.
  await withId(db.schema.createTable('helpdesk_attachments'), dialect)
    .addColumn('customer_id', 'integer', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'integer', (c) =>
      c.references('helpdesk_messages.id').onDelete('cascade'),
    )
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('operator_api_keys'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull().unique())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('last_used_at', TIME)
    .addColumn('revoked_at', TIME)
    .execute();
}

export const helpdeskTicketsMigration: MigrationDef = { name: '0890-helpdesk-tickets', up };
