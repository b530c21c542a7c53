import { randomUUID } from 'node:crypto';
import {
  cartProblem,
  paymentReturnPath,
  type CartStatus,
  type Pricing,
  type Product,
  type ShopError,
} from '@haven/contract';
import type { AppError } from '../../lib/app-error.ts';
import { fail, notFound } from './shop.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef, Principal } from '../../model/principal.ts';
import type { Payments } from '../../platform/payments/payments.port.ts';
import { buildView, productsOf, statusOf, type ShopView } from './catalogue.ts';
import type { Fulfilment } from './fulfilment.ts';
import { lineText } from './line-text.ts';
import type { PaymentService } from './payment.service.ts';
import { priceCart, withVat, type CartPrice } from './pricing.ts';
import type { ShopStore } from './shop.store.ts';
import type { TransactionsStore } from './transactions.store.ts';

/** An open checkout blocks a different one this long; after that it counts as abandoned. */
export const OPEN_CHECKOUT_MS = 30 * 60_000;

const CONFLICTS: readonly ShopError[] = [
  'has_legacy',
  'upgrade_not_possible',
  'within_deadzone',
  'domain_not_orderable',
  'payment_in_progress',
];

function refuse(code: ShopError): AppError {
  return fail(code, CONFLICTS.includes(code) ? 'conflict' : 'invalid');
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' ||
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

export interface ShopServiceDeps {
  shop: ShopStore;
  transactions: TransactionsStore;
  payments: Payments | null;
  paymentService: PaymentService;
  fulfilment: Fulfilment;
  clock: Clock;
  publicUrl: string;
}

export function createShopService(deps: ShopServiceDeps) {
  const { shop, transactions, clock } = deps;

  async function view(domainId: number): Promise<ShopView> {
    const domain = await shop.domain(domainId);
    if (!domain) throw notFound();
    return buildView(domain, await shop.products(), await shop.settings(), clock.now());
  }

  /** The cart rules, then the server's price. The client never sends an amount. */
  function priced(v: ShopView, cart: readonly number[]): CartPrice {
    const problem = cartProblem(cart, v.ctx);
    if (problem) throw refuse(problem);
    return priceCart({
      catalogue: v.catalogue,
      owned: v.owned,
      cart,
      period: v.period,
      vatBp: v.settings.vat_rate_bp,
      planAnnualCents: v.planAnnualCents,
    });
  }

  function toPricing(v: ShopView, p: CartPrice): Pricing {
    const vat = v.settings.vat_rate_bp;
    return {
      lines: p.lines.map((l) => ({
        id: l.id,
        replaces: l.replaces,
        price_now: withVat(l.nowCents, vat),
        price_annual: withVat(l.annualCents, vat),
      })),
      subtotal: p.subtotal,
      vat: p.vat,
      vat_rate: vat,
      price_total: p.total,
      price_annual_new: withVat(p.annualNew, vat),
      period_end: v.period.end,
    };
  }

  /** Another checkout of this domain that is still open: the same cart continues it, another waits. */
  async function openCheckout(
    domainId: number,
    cartKey: string,
    total: number,
  ): Promise<{ url: string; uuid: string } | null> {
    const open = await transactions.openOfDomain(domainId);
    if (!open) return null;
    const fresh = clock.now() - open.created_at < OPEN_CHECKOUT_MS;
    if (fresh && open.cart === cartKey && open.total_cents === total && open.checkout_url)
      return { url: open.checkout_url, uuid: open.uuid };
    await deps.paymentService.sync(open);
    const again = await transactions.byId(open.id);
    if (again?.status !== 'open') return null;
    if (fresh) throw refuse('payment_in_progress');
    await transactions.transition(open.id, ['open'], 'expired', clock.now(), { note: 'abandoned' });
    return null;
  }

  return {
    status: async (domain: DomainRef): Promise<CartStatus> => statusOf(await view(domain.id)),
    products: async (domain: DomainRef): Promise<Product[]> => productsOf(await view(domain.id)),

    async calculate(domain: DomainRef, cart: readonly number[]): Promise<Pricing> {
      const v = await view(domain.id);
      return toPricing(v, priced(v, cart));
    },

    async checkout(
      principal: Principal,
      domain: DomainRef,
      cart: readonly number[],
      chosen?: 'nl' | 'en',
    ): Promise<{ url: string; uuid: string }> {
      let v = await view(domain.id);
      let price = priced(v, cart);
      const cartKey = JSON.stringify([...cart].sort((a, b) => a - b));
      const existing = await openCheckout(domain.id, cartKey, price.total);
      if (existing) return existing;
      // The other checkout may just have been paid: judge the cart again.
      v = await view(domain.id);
      price = priced(v, cart);
      if (!deps.payments && price.total > 0) throw fail('payment_unavailable', 'unavailable');

      const recipient = await shop.recipient(principal.customerId, principal.identityId);
      // The language the customer is using now wins over the stored one.
      const language = chosen ?? recipient.language;
      const uuid = randomUUID();
      const now = clock.now();
      let id: number;
      try {
        id = await transactions.insert({
          uuid,
          customer_id: principal.customerId,
          domain_id: domain.id,
          identity_id: principal.identityId,
          status: 'open',
          provider: price.total > 0 && deps.payments ? deps.payments.name : 'none',
          provider_payment_id: null,
          checkout_url: null,
          cart: cartKey,
          lines: JSON.stringify(price.lines),
          subtotal_cents: price.subtotal,
          vat_cents: price.vat,
          total_cents: price.total,
          vat_rate_bp: v.settings.vat_rate_bp,
          annual_new_cents: withVat(price.annualNew, v.settings.vat_rate_bp),
          period_start: v.period.start,
          period_end: v.period.end,
          language,
          note: null,
          created_at: now,
          updated_at: now,
          paid_at: null,
          fulfilled_at: null,
        });
      } catch (error) {
        // Another tab inserted its open checkout a moment earlier.
        if (isUniqueViolation(error)) throw refuse('payment_in_progress');
        throw error;
      }
      const returnUrl = `${deps.publicUrl}${paymentReturnPath(uuid)}`;
      const row = await transactions.byId(id);
      if (!row) throw notFound();
      if (price.total === 0 || !deps.payments) {
        // Nothing to pay (an upgrade fully covered by what is owned): fulfil without a payment.
        await deps.fulfilment.paid(row);
        return { url: returnUrl, uuid };
      }
      try {
        // Upgrades say so: their amount is the difference with what the domain has.
        const names = price.lines.map((l) => lineText(l, v.rows, language));
        const payment = await deps.payments.createPayment({
          amountCents: price.total,
          description: `${domain.name}: ${names.join(', ')}`,
          redirectUrl: returnUrl,
          webhookUrl: `${deps.publicUrl}/api/shopping/webhook`,
          reference: uuid,
          language,
        });
        await transactions.setPayment(id, payment.id, payment.checkoutUrl, clock.now());
        return { url: payment.checkoutUrl, uuid };
      } catch (error) {
        await transactions.transition(id, ['open'], 'failed', clock.now(), {
          note: 'provider_error',
        });
        throw fail('payment_unavailable', 'unavailable', undefined, { cause: error });
      }
    },
  };
}
export type ShopService = ReturnType<typeof createShopService>;
