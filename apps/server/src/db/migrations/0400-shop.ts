import { sql, type Kysely } from 'kysely';
import { TIME, withId, type Dialect, type MigrationDef } from './helpers.ts';
import { SHOP_PRODUCTS, SHOP_SETTINGS } from './0400-shop-seed.ts';

/** The shop: catalogue, settings, transactions, invoices, test payments, and the domain flags it sets. */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // SQLite adds one column per statement.
  const flags = ['ssl_premium', 'spamfilter', 'whois_privacy', 'sitebuilder', 'legacy'] as const;
  for (const column of flags) {
    await db.schema
      .alterTable('domains')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('domains').addColumn('billing_anchor', 'text').execute();

  await db.schema
    .createTable('shop_products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name_nl', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('description_nl', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('annual_cents', 'integer', (c) => c.notNull())
    .addColumn('includes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('requires', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('hosting_only', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disk_quota_mb', 'integer')
    .addColumn('max_databases', 'integer')
    .addColumn('pages', 'integer')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('period_months', 'integer', (c) => c.notNull())
    .addColumn('deadzone_days', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('plan_hosting_cents', 'integer', (c) => c.notNull())
    .addColumn('plan_instap_cents', 'integer', (c) => c.notNull())
    .addColumn('plan_domain_cents', 'integer', (c) => c.notNull())
    .addColumn('seller_name', 'text', (c) => c.notNull())
    .addColumn('seller_address', 'text', (c) => c.notNull())
    .addColumn('seller_email', 'text', (c) => c.notNull())
    .addColumn('seller_vat_id', 'text', (c) => c.notNull())
    .addColumn('seller_coc', 'text', (c) => c.notNull())
    .addColumn('seller_iban', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('shop_transactions'), dialect)
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('domain_id', 'integer', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('identity_id', 'integer', (c) => c.references('identities.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.unique())
    .addColumn('checkout_url', 'text')
    .addColumn('cart', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('annual_new_cents', 'integer', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addColumn('paid_at', TIME)
    .addColumn('fulfilled_at', TIME)
    .execute();
  // One open checkout per domain: two tabs cannot start two orders.
  await db.schema
    .createIndex('shop_transactions_one_open')
    .on('shop_transactions')
    .column('domain_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('shop_transactions_customer')
    .on('shop_transactions')
    .column('customer_id')
    .execute();

  // Invoices outlive domains and transactions (fiscal retention): no cascading deletes.
  await withId(db.schema.createTable('invoices'), dialect)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('domain_id', 'integer')
    .addColumn('domain_name', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'integer', (c) => c.unique())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('issued_at', TIME, (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('pdf', dialect === 'postgres' ? 'bytea' : 'blob')
    .addUniqueConstraint('invoices_year_seq', ['year', 'seq'])
    .execute();
  await db.schema.createIndex('invoices_customer').on('invoices').column('customer_id').execute();

  await withId(db.schema.createTable('invoice_lines'), dialect)
    .addColumn('invoice_id', 'integer', (c) =>
      c.notNull().references('invoices.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('period_from', 'text', (c) => c.notNull())
    .addColumn('period_to', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_test_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();

  await db
    .insertInto('shop_products' as never)
    .values(SHOP_PRODUCTS)
    .execute();
  await db
    .insertInto('shop_settings' as never)
    .values(SHOP_SETTINGS)
    .execute();
}

export const shop: MigrationDef = { name: '0400-shop', up };
