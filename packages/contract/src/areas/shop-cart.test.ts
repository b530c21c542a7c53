import { describe, expect, it } from 'vitest';
import {
  cartProblem,
  ownedPercentages,
  productState,
  toggleProduct,
  type CartContext,
  type CartProduct,
} from './shop-cart.ts';

const p = (
  id: number,
  type: CartProduct['type'],
  includes: number[] = [],
  requires: number[] = [],
  available = true,
): CartProduct => ({
  id,
  type,
  productsIncluded: includes.map((i) => ({ id: i })),
  productsRequired: requires.map((i) => ({ id: i })),
  available,
});

/** The seeded catalogue's shape. */
const catalogue = [
  p(1, 'hosting', [4, 6]),
  p(4, 'spamfilter'),
  p(6, 'ssl'),
  p(7, 'sitebuilder'),
  p(8, 'sitebuilder', [7]),
  p(9, 'sitebuilder', [8], [1]),
  p(10, 'domain'),
];

const ctx = (over: Partial<CartContext> = {}): CartContext => ({
  catalogue,
  owned: [],
  isUpgradable: true,
  isWithinDeadzone: false,
  hasLegacy: false,
  domainStatus: 0,
  ...over,
});

describe('toggling the cart', () => {
  it('adds a product and drops what it includes, even transitively; toggling again removes it', () => {
    expect(toggleProduct([7, 4], 9, catalogue)).toEqual([4, 9]);
    expect(toggleProduct([4, 9], 9, catalogue)).toEqual([4]);
    expect(toggleProduct([4, 6], 1, catalogue)).toEqual([1]);
    expect(toggleProduct([], 10, catalogue)).toEqual([10]);
  });
});

describe('cart rules', () => {
  it('accepts an orderable cart', () => {
    expect(cartProblem([1], ctx())).toBeNull();
    expect(cartProblem([9, 1, 10], ctx())).toBeNull();
    expect(cartProblem([9], ctx({ owned: [1] }))).toBeNull();
  });

  it('refuses by the domain before looking at products, legacy first', () => {
    expect(cartProblem([1], ctx({ hasLegacy: true, isUpgradable: false }))).toBe('has_legacy');
    expect(cartProblem([1], ctx({ isUpgradable: false }))).toBe('upgrade_not_possible');
    expect(cartProblem([1], ctx({ isWithinDeadzone: true }))).toBe('within_deadzone');
    expect(cartProblem([1], ctx({ domainStatus: 1 }))).toBe('domain_not_orderable');
  });

  it('refuses bad carts with a precise code', () => {
    expect(cartProblem([], ctx())).toBe('empty_cart');
    expect(cartProblem([4, 4], ctx())).toBe('duplicate_product');
    expect(cartProblem([99], ctx())).toBe('unknown_product');
    expect(cartProblem([4], ctx({ catalogue: [p(4, 'spamfilter', [], [], false)] }))).toBe(
      'product_not_available',
    );
    expect(cartProblem([9, 7, 1], ctx())).toBe('product_included');
    expect(cartProblem([1, 4], ctx())).toBe('product_included');
    expect(cartProblem([9], ctx())).toBe('product_required');
  });

  it('refuses what is owned, directly or included in an owned product', () => {
    expect(cartProblem([1], ctx({ owned: [1] }))).toBe('product_owned');
    expect(cartProblem([4], ctx({ owned: [1] }))).toBe('product_owned');
    expect(cartProblem([7], ctx({ owned: [9] }))).toBe('product_owned');
    expect(cartProblem([8], ctx({ owned: [7] }))).toBeNull();
  });
});

describe('product states', () => {
  it('shows owned, in cart, included, required, not available and orderable', () => {
    const c = ctx({ owned: [4] });
    expect(productState(4, [], c)).toBe('owned');
    expect(productState(9, [9], c)).toBe('in_cart');
    expect(productState(8, [9], c)).toBe('included');
    expect(productState(7, [9], c)).toBe('included');
    expect(productState(1, [9], c)).toBe('required');
    expect(productState(10, [9], c)).toBe('orderable');
    expect(productState(10, [], ctx({ isWithinDeadzone: true }))).toBe('not_available');
    expect(productState(10, [], ctx({ domainStatus: 2 }))).toBe('not_available');
  });
});

describe('shopping bar', () => {
  it('counts included products, so a higher tier counts extra', () => {
    expect(ownedPercentages(ctx({ owned: [8] }))).toMatchObject({ sitebuilder: 67, hosting: 0 });
    expect(ownedPercentages(ctx({ owned: [9, 1] }))).toEqual({
      domain: 0,
      hosting: 100,
      spamfilter: 100,
      ssl: 100,
      sitebuilder: 100,
    });
  });
});
