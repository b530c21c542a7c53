import { randomUUID } from 'node:crypto';
import { PRODUCT_IDS } from '@haven/contract';
import type { ShopDb } from './shop.tables.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../model/principal.ts';
import { buildView } from './catalogue.ts';
import type { Fulfilment } from './fulfilment.ts';
import { dateIn, priceCart, withVat } from './pricing.ts';
import type { ShopStore } from './shop.store.ts';
import type { TransactionsStore } from './transactions.store.ts';

/**
 * Demo: a contract that started about five months ago (so prices are pro rata) and an earlier
 * order of SiteBuilder Lite, fulfilled and invoiced through the real fulfilment path.
 */
export async function seedShopDemo(
  deps: {
    db: ShopDb;
    shop: ShopStore;
    transactions: TransactionsStore;
    fulfilment: Fulfilment;
    clock: Clock;
  },
  domain: DomainRef,
): Promise<void> {
  if (domain.package !== 'HOSTING') return;
  const { shop, clock } = deps;
  const settings = await shop.settings();
  const now = clock.now();
  await shop.updateDomain(domain.id, {
    billing_anchor: dateIn(settings.time_zone, now - 150 * 86_400_000),
  });
  const row = await shop.domain(domain.id);
  if (!row || row.sitebuilder !== 0) return;
  const view = buildView(row, await shop.products(), settings, now);
  const cart = [PRODUCT_IDS.sitebuilderLite];
  const price = priceCart({
    catalogue: view.catalogue,
    owned: view.owned,
    cart,
    period: view.period,
    vatBp: settings.vat_rate_bp,
    planAnnualCents: view.planAnnualCents,
  });
  const id = await deps.transactions.insert({
    uuid: randomUUID(),
    customer_id: domain.customerId,
    domain_id: domain.id,
    identity_id: null,
    status: 'open',
    provider: 'none',
    provider_payment_id: null,
    checkout_url: null,
    cart: JSON.stringify(cart),
    lines: JSON.stringify(price.lines),
    subtotal_cents: price.subtotal,
    vat_cents: price.vat,
    total_cents: price.total,
    vat_rate_bp: settings.vat_rate_bp,
    annual_new_cents: withVat(price.annualNew, settings.vat_rate_bp),
    period_start: view.period.start,
    period_end: view.period.end,
    language: 'nl',
    note: 'demo',
    created_at: now,
    updated_at: now,
    paid_at: null,
    fulfilled_at: null,
  });
  const tx = await deps.transactions.byId(id);
  if (tx) await deps.fulfilment.paid(tx);
}
