import { describe, expect, it } from 'vitest';
import {
  addMonths,
  billingPeriod,
  dateIn,
  parseYmd,
  priceCart,
  proRata,
  vatOf,
  withVat,
  type PricedProduct,
} from './pricing.ts';

const fmt = (s: string, months: number) => {
  const v = addMonths(parseYmd(s), months);
  return `${v.y}-${String(v.m).padStart(2, '0')}-${String(v.d).padStart(2, '0')}`;
};

describe('billing periods', () => {
  it('moves month ends to the last day of shorter months, without drifting', () => {
    expect(fmt('2025-01-31', 1)).toBe('2025-02-28');
    expect(fmt('2024-01-31', 1)).toBe('2024-02-29');
    expect(fmt('2025-01-31', 2)).toBe('2025-03-31');
    expect(fmt('2024-02-29', 12)).toBe('2025-02-28');
    expect(fmt('2024-02-29', 48)).toBe('2028-02-29');
    expect(fmt('2025-03-31', -1)).toBe('2025-02-28');
  });

  it('finds the running period of a monthly contract across a month end', () => {
    expect(billingPeriod('2024-01-31', '2024-02-15', 1)).toEqual({
      start: '2024-01-31',
      end: '2024-02-29',
      days: 29,
      remaining: 14,
    });
    expect(billingPeriod('2024-01-31', '2024-02-29', 1)).toEqual({
      start: '2024-02-29',
      end: '2024-03-31',
      days: 31,
      remaining: 31,
    });
    expect(billingPeriod('2025-01-31', '2025-03-30', 1)).toEqual({
      start: '2025-02-28',
      end: '2025-03-31',
      days: 31,
      remaining: 1,
    });
  });

  it('counts 366 days for a year that holds 29 February', () => {
    expect(billingPeriod('2023-06-01', '2024-01-01', 12)).toEqual({
      start: '2023-06-01',
      end: '2024-06-01',
      days: 366,
      remaining: 152,
    });
    expect(billingPeriod('2024-06-01', '2024-06-01', 12)).toEqual({
      start: '2024-06-01',
      end: '2025-06-01',
      days: 365,
      remaining: 365,
    });
    // A contract of 29 February renews on 28 February, and on the 29th again in a leap year.
    expect(billingPeriod('2024-02-29', '2025-03-01', 12)).toMatchObject({
      start: '2025-02-28',
      end: '2026-02-28',
      days: 365,
    });
    expect(billingPeriod('2024-02-29', '2027-06-01', 12)).toMatchObject({
      start: '2027-02-28',
      end: '2028-02-29',
      days: 366,
    });
  });

  it('handles today before the anchor and far after it', () => {
    expect(billingPeriod('2025-05-10', '2025-05-09', 12)).toMatchObject({
      start: '2024-05-10',
      end: '2025-05-10',
      remaining: 1,
    });
    expect(billingPeriod('2000-01-01', '2031-12-31', 12)).toMatchObject({
      start: '2031-01-01',
      end: '2032-01-01',
      remaining: 1,
    });
  });

  it('takes the date in the operator time zone', () => {
    expect(dateIn('Europe/Amsterdam', Date.UTC(2024, 11, 31, 23, 30))).toBe('2025-01-01');
    expect(dateIn('Europe/Amsterdam', Date.UTC(2024, 5, 30, 21, 59))).toBe('2024-06-30');
    expect(dateIn('Europe/Amsterdam', Date.UTC(2024, 5, 30, 22, 0))).toBe('2024-07-01');
  });
});

describe('pro rata and VAT', () => {
  it('charges the rest of the period, rounded half up to the cent', () => {
    expect(proRata(4800, { days: 366, remaining: 152 })).toBe(1993); // 1993.44
    expect(proRata(4800, { days: 365, remaining: 365 })).toBe(4800);
    expect(proRata(4800, { days: 365, remaining: 1 })).toBe(13); // 13.15
    expect(proRata(1000, { days: 8, remaining: 1 })).toBe(125);
    expect(proRata(1, { days: 2, remaining: 1 })).toBe(1); // 0.5 rounds up
    expect(proRata(0, { days: 365, remaining: 100 })).toBe(0);
  });

  it('rounds VAT half up and never in floating point', () => {
    expect(vatOf(1, 2100)).toBe(0);
    expect(vatOf(3, 2100)).toBe(1);
    expect(vatOf(50, 2100)).toBe(11); // 10.5
    expect(vatOf(250, 2100)).toBe(53); // 52.5
    expect(vatOf(4800, 2100)).toBe(1008);
    expect(vatOf(1995, 900)).toBe(180); // 179.55
    expect(withVat(4800, 2100)).toBe(5808);
    expect(withVat(2_000_000_001, 2100)).toBe(2_420_000_001);
  });
});

describe('pricing a cart', () => {
  const catalogue: PricedProduct[] = [
    {
      id: 1,
      type: 'hosting',
      annualCents: 4800,
      productsIncluded: [{ id: 4 }, { id: 6 }],
      productsRequired: [],
      available: true,
    },
    {
      id: 4,
      type: 'spamfilter',
      annualCents: 1200,
      productsIncluded: [],
      productsRequired: [],
      available: true,
    },
    {
      id: 6,
      type: 'ssl',
      annualCents: 3000,
      productsIncluded: [],
      productsRequired: [],
      available: true,
    },
    {
      id: 7,
      type: 'sitebuilder',
      annualCents: 1800,
      productsIncluded: [],
      productsRequired: [],
      available: true,
    },
    {
      id: 9,
      type: 'sitebuilder',
      annualCents: 7200,
      productsIncluded: [{ id: 7 }],
      productsRequired: [],
      available: true,
    },
  ];
  const full = { days: 365, remaining: 365 };

  it('charges only the difference for an upgrade of owned products', () => {
    const price = priceCart({
      catalogue,
      owned: [7],
      cart: [9],
      period: full,
      vatBp: 2100,
      planAnnualCents: 5940,
    });
    expect(price.lines).toEqual([{ id: 9, replaces: [7], nowCents: 5400, annualCents: 5400 }]);
    expect(price).toMatchObject({ subtotal: 5400, vat: 1134, total: 6534, annualNew: 5940 + 7200 });
    const hosting = priceCart({
      catalogue,
      owned: [4, 6],
      cart: [1],
      period: full,
      vatBp: 2100,
      planAnnualCents: 0,
    });
    expect(hosting.lines[0]).toEqual({ id: 1, replaces: [4, 6], nowCents: 600, annualCents: 600 });
    expect(hosting.annualNew).toBe(4800);
  });

  it('takes VAT on the subtotal, so lines and total add up to the cent', () => {
    const half = { days: 366, remaining: 183 };
    const price = priceCart({
      catalogue,
      owned: [],
      cart: [4, 6, 7],
      period: half,
      vatBp: 2100,
      planAnnualCents: 5940,
    });
    expect(price.lines.map((l) => l.nowCents)).toEqual([600, 1500, 900]);
    expect(price).toMatchObject({ subtotal: 3000, vat: 630, total: 3630, annualNew: 5940 + 6000 });
  });
});
