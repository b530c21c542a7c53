/**
 * The cart rules (specs part 1 §4, part 2 §4), pure so that the server enforces exactly what the
 * web shows. The server is the judge: it runs `cartProblem` on every calculation and checkout.
 */

/** Product categories, in the order of the upgrade wizard's steps. */
export const PRODUCT_TYPES = ['domain', 'hosting', 'spamfilter', 'ssl', 'sitebuilder'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Product ids the specs name. The catalogue itself is operator data. */
export const PRODUCT_IDS = {
  premiumHosting: 1,
  spamfilter: 4,
  premiumSsl: 6,
  sitebuilderLite: 7,
  sitebuilderStandard: 8,
  sitebuilderPro: 9,
} as const;

/** Error codes of the shop; the web shows them as `shop.error.<code>`. */
export const SHOP_ERRORS = [
  'has_legacy',
  'upgrade_not_possible',
  'within_deadzone',
  'domain_not_orderable',
  'empty_cart',
  'duplicate_product',
  'unknown_product',
  'product_not_available',
  'product_owned',
  'product_included',
  'product_required',
  'payment_in_progress',
  'payment_unavailable',
] as const;
export type ShopError = (typeof SHOP_ERRORS)[number];

/** What the rules need to know about a product. */
export interface CartProduct {
  id: number;
  type: ProductType;
  productsIncluded: readonly { id: number }[];
  productsRequired: readonly { id: number }[];
  available: boolean;
}

export interface CartContext {
  catalogue: readonly CartProduct[];
  /** Top-level owned product ids (as in the cart status). */
  owned: readonly number[];
  isUpgradable: boolean;
  isWithinDeadzone: boolean;
  hasLegacy: boolean;
  /** The domain's status; only 0 may order. */
  domainStatus: number;
}

export type ProductState =
  'owned' | 'in_cart' | 'included' | 'required' | 'not_available' | 'orderable';

function byId(catalogue: readonly CartProduct[]): Map<number, CartProduct> {
  return new Map(catalogue.map((p) => [p.id, p]));
}

/** A product's id and every product it includes, transitively. */
export function inclusionClosure(
  ids: Iterable<number>,
  catalogue: readonly CartProduct[],
): Set<number> {
  const index = byId(catalogue);
  const seen = new Set<number>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const inc of index.get(id)?.productsIncluded ?? []) stack.push(inc.id);
  }
  return seen;
}

/** Products the domain has, directly or included in an owned product. */
export function ownedClosure(ctx: Pick<CartContext, 'owned' | 'catalogue'>): Set<number> {
  return inclusionClosure(ctx.owned, ctx.catalogue);
}

/** Whether the domain may order at all, and if not, why. */
export function orderBlock(ctx: CartContext): ShopError | null {
  if (ctx.hasLegacy) return 'has_legacy';
  if (!ctx.isUpgradable) return 'upgrade_not_possible';
  if (ctx.isWithinDeadzone) return 'within_deadzone';
  if (ctx.domainStatus !== 0) return 'domain_not_orderable';
  return null;
}

/**
 * Toggling a product: in the cart it leaves; otherwise it enters and the products it includes
 * leave (it replaces them).
 */
export function toggleProduct(
  cart: readonly number[],
  id: number,
  catalogue: readonly CartProduct[],
): number[] {
  if (cart.includes(id)) return cart.filter((c) => c !== id);
  const included = inclusionClosure([id], catalogue);
  return [...cart.filter((c) => !included.has(c)), id];
}

/** The state a product shows in the wizard. */
export function productState(id: number, cart: readonly number[], ctx: CartContext): ProductState {
  const product = byId(ctx.catalogue).get(id);
  if (ownedClosure(ctx).has(id)) return 'owned';
  if (cart.includes(id)) return 'in_cart';
  const others = cart.filter((c) => c !== id);
  if (inclusionClosure(others, ctx.catalogue).has(id)) return 'included';
  const needed = ctx.catalogue
    .filter((p) => cart.includes(p.id))
    .some((p) => p.productsRequired.some((r) => r.id === id));
  if (needed) return 'required';
  if (!product?.available || orderBlock(ctx) !== null) return 'not_available';
  return 'orderable';
}

/** Why this cart cannot be ordered, or null when it can. */
export function cartProblem(cart: readonly number[], ctx: CartContext): ShopError | null {
  const block = orderBlock(ctx);
  if (block) return block;
  if (cart.length === 0) return 'empty_cart';
  if (new Set(cart).size !== cart.length) return 'duplicate_product';
  const index = byId(ctx.catalogue);
  const owned = ownedClosure(ctx);
  for (const id of cart) {
    const product = index.get(id);
    if (!product) return 'unknown_product';
    if (!product.available) return 'product_not_available';
    if (owned.has(id)) return 'product_owned';
  }
  for (const id of cart) {
    const includedByOthers = inclusionClosure(
      cart.filter((c) => c !== id),
      ctx.catalogue,
    );
    if (includedByOthers.has(id)) return 'product_included';
  }
  const have = new Set([...owned, ...inclusionClosure(cart, ctx.catalogue)]);
  for (const id of cart) {
    if (index.get(id)?.productsRequired.some((r) => !have.has(r.id))) return 'product_required';
  }
  return null;
}

/**
 * The shopping bar: per category, the share of its products the domain has (directly or
 * included), 0..100. A higher tier includes the lower ones, so it counts extra.
 */
export function ownedPercentages(
  ctx: Pick<CartContext, 'owned' | 'catalogue'>,
): Record<ProductType, number> {
  const owned = ownedClosure(ctx);
  const result = {} as Record<ProductType, number>;
  for (const type of PRODUCT_TYPES) {
    const all = ctx.catalogue.filter((p) => p.type === type);
    result[type] =
      all.length === 0
        ? 0
        : Math.round((all.filter((p) => owned.has(p.id)).length / all.length) * 100);
  }
  return result;
}
