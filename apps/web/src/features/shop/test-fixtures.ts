import type { CartStatus, Pricing, Product } from '@haven/contract/shop';

const product = (
  id: number,
  type: Product['type'],
  nl: string,
  en: string,
  price: number,
  extra: Partial<Product> = {},
): Product => ({
  id,
  type,
  name: { nl, en },
  description: { nl: `${nl} omschrijving`, en: `${en} description` },
  price,
  from_price: Math.round(price / 2),
  productsIncluded: [],
  productsRequired: [],
  productsAcceptable: [],
  available: true,
  ...extra,
});

export const PRODUCTS: Product[] = [
  product(1, 'hosting', 'Premium hosting', 'Premium hosting', 5808, {
    productsIncluded: [{ id: 4 }, { id: 6 }],
  }),
  product(4, 'spamfilter', 'Spamfilter', 'Spam filter', 1452),
  product(6, 'ssl', 'Premium SSL', 'Premium SSL', 3630),
  product(7, 'sitebuilder', 'SiteBuilder Lite', 'SiteBuilder Lite', 2178),
  product(8, 'sitebuilder', 'SiteBuilder Standaard', 'SiteBuilder Standard', 4356, {
    productsIncluded: [{ id: 7 }],
  }),
  product(9, 'sitebuilder', 'SiteBuilder Pro', 'SiteBuilder Pro', 8712, {
    productsIncluded: [{ id: 8 }],
    productsRequired: [{ id: 1 }],
  }),
  product(10, 'domain', 'Domeinprivacy', 'Domain privacy', 605),
];

export const STATUS: CartStatus = {
  isUpgradable: true,
  isWithinDeadzone: false,
  hasLegacy: false,
  products: [],
  period: { start: '2026-06-01', end: '2027-06-01' },
  vat_rate: 2100,
};

export const PRICING: Pricing = {
  lines: [{ id: 1, replaces: [], price_now: 2904, price_annual: 5808 }],
  subtotal: 2400,
  vat: 504,
  vat_rate: 2100,
  price_total: 2904,
  price_annual_new: 13_00_0,
  period_end: '2027-06-01',
};
