import type { Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';

/** Helpdesk: each customer's mailing preferences and each domain's contact address. */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('helpdesk_mailing')
    .addColumn('customer_id', 'integer', (c) =>
      c.primaryKey().references('customers.id').onDelete('cascade'),
    )
    .addColumn('blog_news', 'integer', (c) => c.notNull())
    .addColumn('actions_offers', 'integer', (c) => c.notNull())
    .addColumn('invoices_collection', 'integer', (c) => c.notNull())
    .addColumn('support', 'integer', (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();

  let addresses = withId(db.schema.createTable('helpdesk_addresses'), dialect).addColumn(
    'domain_id',
    'integer',
    (c) => c.notNull().unique().references('domains.id').onDelete('cascade'),
  );
  for (const field of ['name', 'email', 'streetname', 'housenumber', 'zipcode', 'city', 'phone'])
    addresses = addresses.addColumn(field, 'text', (c) => c.notNull().defaultTo(''));
  await addresses
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('NL'))
    .addColumn('updated_at', TIME)
    .execute();
}

export const helpdeskMigration: MigrationDef = { name: '0810-helpdesk', up };
