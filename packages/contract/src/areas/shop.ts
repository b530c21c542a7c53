import { z } from 'zod';
import { defineEndpoint, CUSTOMER_LOGINS } from '../endpoint.ts';
import { domainName } from '../rules/domain-name.ts';
import { PRODUCT_TYPES, SHOP_ERRORS } from './shop-cart.ts';

export * from './shop-cart.ts';

/*
 * The shop, at the specs' paths (`/api/shopping/status`, ...). The specs' paths name no domain,
 * so the selected domain travels as the `domain` query parameter (GET) or body field (POST); the
 * server resolves it for the caller exactly as the `{domain}` guard does (another customer's
 * domain answers 404). The payment return (`/api/shopping/transaction/{uuid}`) needs neither:
 * the transaction itself names its domain, and it must belong to the caller's customer.
 *
 * Every amount is in integer euro cents. The client never sends an amount: it sends product ids
 * and the server prices them.
 */

/** Integer euro cents. */
const cents = z.number().int();
const productId = z.number().int().min(1).max(100_000);
const localized = z.object({ nl: z.string(), en: z.string() });
const ref = z.object({ id: z.number().int() });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A product of the catalogue as offered to one domain. */
export const product = z.object({
  id: z.number().int(),
  type: z.enum(PRODUCT_TYPES),
  name: localized,
  description: localized,
  /** The regular rate per year including VAT, in cents. */
  price: cents,
  /** What ordering it now costs including VAT: the rest of the running billing period. */
  from_price: cents,
  /** Products this one includes: owning it owns them, ordering it replaces them. */
  productsIncluded: z.array(ref),
  /** Products that must be owned or in the cart for this one to be ordered. */
  productsRequired: z.array(ref),
  /**
   * Owned products this one upgrades: `price` and `from_price` are then what the upgrade costs
   * per year and now (the owned product's rate is deducted).
   */
  productsAcceptable: z.array(z.object({ id: z.number().int(), price: cents, from_price: cents })),
  /** Whether this domain's package can have it at all. */
  available: z.boolean(),
});
export type Product = z.infer<typeof product>;

/** The cart status of a domain (specs part 1 §3 "Cart status"). */
export const cartStatus = z.object({
  isUpgradable: z.boolean(),
  isWithinDeadzone: z.boolean(),
  /** An old product that cannot be upgraded online (answers `has_legacy`). */
  hasLegacy: z.boolean(),
  /** Owned products at the top (not included in another owned one), with what they include. */
  products: z.array(z.object({ id: z.number().int(), productsIncluded: z.array(ref) })),
  /** The running billing period: [start, end). Upgrades are priced up to its end. */
  period: z.object({ start: isoDate, end: isoDate }),
  /** VAT rate in basis points (2100 = 21%). */
  vat_rate: z.number().int(),
});
export type CartStatus = z.infer<typeof cartStatus>;

/** The selected domain of a shopping call without `{domain}` in its path. */
export const shopDomainQuery = z.object({ domain: domainName });

export const cartBody = z.strictObject({
  /** The selected domain the cart is for. */
  domain: domainName,
  products: z.array(productId).min(1).max(20),
  /** The interface language at checkout: the payment page, the mail and the invoice follow it. */
  language: z.enum(['nl', 'en']).optional(),
});
export type CartBody = z.infer<typeof cartBody>;

export const pricingLine = z.object({
  id: z.number().int(),
  /** Owned products this line replaces (their rate is deducted). */
  replaces: z.array(z.number().int()),
  /** Due now, including VAT. */
  price_now: cents,
  /** Added to the annual rate, including VAT. */
  price_annual: cents,
});

/** The server's price of a cart. */
export const pricing = z.object({
  lines: z.array(pricingLine),
  /** Due now, excluding VAT. */
  subtotal: cents,
  vat: cents,
  vat_rate: z.number().int(),
  /** Due now, including VAT: subtotal + vat. */
  price_total: cents,
  /** The domain's new annual rate including VAT, from the next billing period on. */
  price_annual_new: cents,
  /** The day the running billing period ends and the new rate starts. */
  period_end: isoDate,
});
export type Pricing = z.infer<typeof pricing>;

export { PAYMENT_RETURN_PARAM, paymentReturnPath } from '../payment-return.ts';

export const TRANSACTION_STATES = ['open', 'paid', 'failed', 'canceled', 'expired'] as const;

const access = { access: 'user', userTypes: CUSTOMER_LOGINS, tag: 'shop' } as const;

export const getStatus = defineEndpoint({
  ...access,
  method: 'GET',
  path: '/api/shopping/status',
  query: shopDomainQuery,
  summary: 'Cart status of the domain: may it order, is it in the dead zone, what it owns',
  response: z.object({ data: cartStatus }),
  errors: [],
});

export const getProducts = defineEndpoint({
  ...access,
  method: 'GET',
  path: '/api/shopping/products',
  query: shopDomainQuery,
  summary: 'The catalogue with prices for this domain',
  response: z.object({ products: z.array(product) }),
  errors: [],
});

export const calculate = defineEndpoint({
  ...access,
  method: 'POST',
  path: '/api/shopping/calculate',
  summary:
    'Price a cart: due now (pro rata to the end of the billing period) and the new annual rate',
  body: cartBody,
  response: pricing,
  errors: SHOP_ERRORS,
});

export const createTransaction = defineEndpoint({
  ...access,
  method: 'POST',
  path: '/api/shopping/transaction',
  summary: 'Check out: create the payment and answer the checkout address to send the browser to',
  body: cartBody,
  response: z.object({ url: z.string(), uuid: z.string() }),
  errors: SHOP_ERRORS,
});

export const transactionParams = z.object({ uuid: z.uuid() });

export const getTransaction = defineEndpoint({
  method: 'GET',
  path: '/api/shopping/transaction/{uuid}',
  access: 'user',
  userTypes: CUSTOMER_LOGINS,
  tag: 'shop',
  summary: "The outcome of a checkout (payment return). Another customer's transaction answers 404",
  params: transactionParams,
  response: z.object({
    success: z.boolean(),
    status: z.enum(TRANSACTION_STATES),
    domain: z.string(),
    products: z.array(z.number().int()),
    invoice: z.string().nullable(),
  }),
  errors: [],
});

export const invoiceSummary = z.object({
  number: z.string(),
  date: isoDate,
  domain: z.string(),
  subtotal: cents,
  vat: cents,
  total: cents,
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const listInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/invoice',
  access: 'user',
  userTypes: CUSTOMER_LOGINS,
  tag: 'shop',
  summary: "The customer's invoices, newest first",
  response: z.object({ invoices: z.array(invoiceSummary) }),
  errors: [],
});

export const INVOICE_NUMBER = /^\d{4}-\d{5,9}$/;

export const downloadInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/invoice/{number}/pdf',
  access: 'user',
  userTypes: CUSTOMER_LOGINS,
  tag: 'shop',
  summary: 'An invoice as PDF',
  params: z.object({ number: z.string().regex(INVOICE_NUMBER) }),
  response: z.unknown(),
  responseKind: 'file',
  errors: [],
});
