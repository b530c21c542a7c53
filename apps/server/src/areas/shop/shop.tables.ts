import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';
import type { PaymentTestPaymentsTable } from '../../platform/payments/test-payments.tables.ts';

/**
 * The catalogue (operator data). Prices are per year, excluding VAT, in cents. `includes` and
 * `requires` are JSON arrays of product ids.
 */
export interface ShopProductsTable {
  id: number;
  type: 'domain' | 'hosting' | 'spamfilter' | 'ssl' | 'sitebuilder';
  name_nl: string;
  name_en: string;
  description_nl: string;
  description_en: string;
  annual_cents: number;
  includes: string;
  requires: string;
  /** 1: only a HOSTING package can have it. */
  hosting_only: number;
  /** What owning a hosting product raises the domain's limits to. */
  disk_quota_mb: number | null;
  max_databases: number | null;
  /** Page limit of a site builder product. */
  pages: number | null;
  /** 0: withdrawn, no longer offered. */
  active: number;
  position: number;
}

/** One row (id 1): VAT, billing, base plan rates and the seller on the invoices. */
export interface ShopSettingsTable {
  id: number;
  vat_rate_bp: number;
  period_months: number;
  /** No upgrades in the last days of a period: the renewal is already being invoiced. */
  deadzone_days: number;
  time_zone: string;
  plan_hosting_cents: number;
  plan_instap_cents: number;
  plan_domain_cents: number;
  seller_name: string;
  seller_address: string;
  seller_email: string;
  seller_vat_id: string;
  seller_coc: string;
  seller_iban: string;
}

export type TransactionState = 'open' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface ShopTransactionsTable {
  id: Generated<number>;
  /** The public id (in the return address). */
  uuid: string;
  customer_id: number;
  domain_id: number;
  identity_id: number | null;
  status: TransactionState;
  provider: string;
  provider_payment_id: string | null;
  checkout_url: string | null;
  /** JSON: the ordered product ids, sorted (two tabs with the same cart find each other). */
  cart: string;
  /** JSON: the priced lines (`CartLine[]`), kept as they were paid. */
  lines: string;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  vat_rate_bp: number;
  annual_new_cents: number;
  period_start: string;
  period_end: string;
  language: 'nl' | 'en';
  note: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  fulfilled_at: number | null;
}

export interface InvoicesTable {
  id: Generated<number>;
  /** `2025-00001`: consecutive per year. */
  number: string;
  year: number;
  seq: number;
  customer_id: number;
  domain_id: number | null;
  domain_name: string;
  transaction_id: number | null;
  customer_name: string;
  customer_email: string;
  issued_at: number;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  vat_rate_bp: number;
  language: 'nl' | 'en';
  /** The rendered PDF, kept as issued. */
  pdf: Uint8Array | null;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  product_id: number | null;
  description: string;
  period_from: string;
  period_to: string;
  /** Excluding VAT. */
  amount_cents: number;
}

export type ShopTables = {
  shop_products: ShopProductsTable;
  shop_settings: ShopSettingsTable;
  shop_transactions: ShopTransactionsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  payment_test_payments: PaymentTestPaymentsTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type ShopDb = AreaDb<ShopTables>;
