import { describe, expect, it } from 'vitest';
import { displayPrice, formatCents } from './prices.ts';

describe('prices', () => {
  it('shows euros with two decimals in the language of the interface', () => {
    expect(formatCents(5808, 'nl')).toBe('€\u00a058,08');
    expect(formatCents(0, 'nl')).toBe('€\u00a00,00');
    expect(formatCents(5808, 'en')).toBe('€58.08');
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
