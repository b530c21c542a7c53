import {
  inclusionClosure,
  type CartContext,
  type CartStatus,
  type Product,
  type ProductType,
} from '@haven/contract';
import {
  billingPeriod,
  dateIn,
  proRata,
  withVat,
  type BillingPeriod,
  type PricedProduct,
} from './pricing.ts';
import type { ProductRow, SettingsRow, ShopDomain } from './shop.store.ts';

/** Everything the shop knows about one domain at one moment, computed from SQL rows. */
export interface ShopView {
  domain: ShopDomain;
  settings: SettingsRow;
  rows: ProductRow[];
  catalogue: PricedProduct[];
  /** Top-level owned product ids. */
  owned: number[];
  period: BillingPeriod;
  planAnnualCents: number;
  ctx: CartContext;
}

function ids(json: string): { id: number }[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? parsed.filter((v): v is number => Number.isInteger(v)).map((id) => ({ id }))
    : [];
}

/** Whether the domain's flags say it has this product (the flags are the truth, also for the other areas). */
export function hasProduct(domain: ShopDomain, product: Pick<ProductRow, 'id' | 'type'>): boolean {
  const flag: Record<ProductType, () => boolean> = {
    hosting: () => domain.premium === 1,
    spamfilter: () => domain.spamfilter === 1,
    ssl: () => domain.ssl_premium === 1,
    domain: () => domain.whois_privacy === 1,
    sitebuilder: () => domain.sitebuilder === product.id,
  };
  return flag[product.type]();
}

/** Owned products that no other owned product includes. */
export function topLevel(owned: readonly number[], catalogue: readonly PricedProduct[]): number[] {
  return owned.filter(
    (id) => !owned.some((other) => other !== id && inclusionClosure([other], catalogue).has(id)),
  );
}

export function buildView(
  domain: ShopDomain,
  rows: ProductRow[],
  settings: SettingsRow,
  now: number,
): ShopView {
  const catalogue: PricedProduct[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    annualCents: r.annual_cents,
    productsIncluded: ids(r.includes),
    productsRequired: ids(r.requires),
    available: r.active === 1 && (r.hosting_only === 0 || domain.package === 'HOSTING'),
  }));
  const owned = topLevel(
    rows.filter((r) => hasProduct(domain, r)).map((r) => r.id),
    catalogue,
  );
  const anchor = domain.billing_anchor ?? dateIn(settings.time_zone, domain.created_at);
  const period = billingPeriod(anchor, dateIn(settings.time_zone, now), settings.period_months);
  const planAnnualCents =
    domain.package === 'DOMAIN'
      ? settings.plan_domain_cents
      : domain.instap === 1
        ? settings.plan_instap_cents
        : settings.plan_hosting_cents;
  const ctx: CartContext = {
    catalogue,
    owned,
    isUpgradable: domain.legacy === 0 && domain.active === 1,
    isWithinDeadzone: period.remaining <= settings.deadzone_days,
    hasLegacy: domain.legacy === 1,
    domainStatus: domain.status,
  };
  return { domain, settings, rows, catalogue, owned, period, planAnnualCents, ctx };
}

export function statusOf(view: ShopView): CartStatus {
  return {
    isUpgradable: view.ctx.isUpgradable,
    isWithinDeadzone: view.ctx.isWithinDeadzone,
    hasLegacy: view.ctx.hasLegacy,
    products: view.owned.map((id) => ({
      id,
      productsIncluded: [...inclusionClosure([id], view.catalogue)]
        .filter((i) => i !== id)
        .map((i) => ({ id: i })),
    })),
    period: { start: view.period.start, end: view.period.end },
    vat_rate: view.settings.vat_rate_bp,
  };
}

/** The offered products with this domain's prices (VAT included). */
export function productsOf(view: ShopView): Product[] {
  const vat = view.settings.vat_rate_bp;
  const annual = new Map(view.catalogue.map((p) => [p.id, p.annualCents]));
  return view.rows
    .filter((r) => r.active === 1)
    .map((r) => {
      const p = view.catalogue.find((c) => c.id === r.id) as PricedProduct;
      const closure = inclusionClosure([r.id], view.catalogue);
      return {
        id: r.id,
        type: r.type,
        name: { nl: r.name_nl, en: r.name_en },
        description: { nl: r.description_nl, en: r.description_en },
        price: withVat(r.annual_cents, vat),
        from_price: withVat(proRata(r.annual_cents, view.period), vat),
        productsIncluded: [...p.productsIncluded],
        productsRequired: [...p.productsRequired],
        productsAcceptable: view.owned
          .filter((o) => o !== r.id && closure.has(o))
          .map((o) => {
            const delta = Math.max(0, r.annual_cents - (annual.get(o) ?? 0));
            return {
              id: o,
              price: withVat(delta, vat),
              from_price: withVat(proRata(delta, view.period), vat),
            };
          }),
        available: p.available,
      };
    });
}
