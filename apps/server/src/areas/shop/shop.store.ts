import type { Selectable, Updateable } from 'kysely';
import type { ShopDb, ShopProductsTable, ShopSettingsTable } from './shop.tables.ts';
import type { DomainsTable } from '../../db/schema.ts';

export type ProductRow = Selectable<ShopProductsTable>;
export type SettingsRow = Selectable<ShopSettingsTable>;

const DOMAIN_COLUMNS = [
  'id',
  'name',
  'customer_id',
  'status',
  'package',
  'instap',
  'premium',
  'active',
  'ssl_premium',
  'spamfilter',
  'whois_privacy',
  'sitebuilder',
  'legacy',
  'billing_anchor',
  'created_at',
  'disk_quota_mb',
  'max_databases',
] as const;

/** A domain as the shop sees it: its package, its product flags and its billing anchor. */
export type ShopDomain = Pick<Selectable<DomainsTable>, (typeof DOMAIN_COLUMNS)[number]>;

/** The catalogue, the settings and the domain flags. Every call takes the transaction it runs in. */
export function createShopStore(db: ShopDb) {
  return {
    settings: async (q: ShopDb = db): Promise<SettingsRow> =>
      q.selectFrom('shop_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    /** Every product, withdrawn ones too (a domain may still own one). */
    products: (q: ShopDb = db): Promise<ProductRow[]> =>
      q.selectFrom('shop_products').selectAll().orderBy('position').orderBy('id').execute(),
    /** A site builder product, withdrawn ones too (the site builder shows the one owned). */
    sitebuilderProduct: (id: number) =>
      db
        .selectFrom('shop_products')
        .select(['id', 'name_nl', 'name_en', 'pages'])
        .where('id', '=', id)
        .where('type', '=', 'sitebuilder')
        .executeTakeFirst(),
    domain: (id: number, q: ShopDb = db): Promise<ShopDomain | undefined> =>
      q.selectFrom('domains').select(DOMAIN_COLUMNS).where('id', '=', id).executeTakeFirst(),
    updateDomain: (id: number, set: Updateable<DomainsTable>, q: ShopDb = db) =>
      q.updateTable('domains').set(set).where('id', '=', id).execute(),
    /** Where the order confirmation goes and in which language: the ordering login, else the customer. */
    recipient: async (customerId: number, identityId: number | null, q: ShopDb = db) => {
      const customer = await q
        .selectFrom('customers')
        .select(['name', 'email'])
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow();
      const identity =
        identityId === null
          ? undefined
          : await q
              .selectFrom('identities')
              .select(['name', 'email', 'language'])
              .where('id', '=', identityId)
              .executeTakeFirst();
      return {
        customerName: customer.name,
        customerEmail: customer.email,
        email: identity?.email || customer.email,
        name: identity?.name || customer.name,
        language: identity?.language ?? 'nl',
      };
    },
  };
}
export type ShopStore = ReturnType<typeof createShopStore>;
