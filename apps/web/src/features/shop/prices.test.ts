import { describe, expect, it } from 'vitest';
import { displayPrice, formatCents } from './prices.ts';

describe('prices', () => {
  it('shows euros with two decimals and a comma', () => {
    expect(formatCents(5808)).toBe('€\u00a058,08');
    expect(formatCents(0)).toBe('€\u00a00,00');
  });

  it('charges a new product its own price', () => {
    expect(displayPrice({ price: 5808, from_price: 2904, productsAcceptable: [] })).toEqual({
      annual: 5808,
      now: 2904,
    });
  });

  it('deducts every owned product an upgrade replaces', () => {
    // Premium hosting 58,08 replacing an owned spam filter (14,52) and SSL (36,30).
    const product = {
      price: 5808,
      from_price: 2904,
      productsAcceptable: [
        { id: 4, price: 4356, from_price: 2178 },
        { id: 6, price: 2178, from_price: 1089 },
      ],
    };
    expect(displayPrice(product)).toEqual({ annual: 726, now: 363 });
  });
});
