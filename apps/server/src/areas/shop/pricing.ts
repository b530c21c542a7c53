import { inclusionClosure, type CartProduct } from '@haven/contract';

/**
 * Money and billing periods. Amounts are integer cents and every division rounds half up in
 * integer arithmetic, so a price never depends on floating point.
 */

const DAY_MS = 86_400_000;

export interface Ymd {
  y: number;
  /** 1..12 */
  m: number;
  d: number;
}

export function parseYmd(value: string): Ymd {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new Error(`not a date: ${value}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

export function formatYmd(v: Ymd): string {
  return `${String(v.y).padStart(4, '0')}-${String(v.m).padStart(2, '0')}-${String(v.d).padStart(2, '0')}`;
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The anchor moved by whole months; a day past the month's end becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(anchor: Ymd, months: number): Ymd {
  const total = anchor.y * 12 + (anchor.m - 1) + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  return { y, m, d: Math.min(anchor.d, daysInMonth(y, m)) };
}

function dayNumber(v: Ymd): number {
  return Date.UTC(v.y, v.m - 1, v.d) / DAY_MS;
}

/** The calendar date at an instant in a time zone (the operator's; the shop is Dutch). */
export function dateIn(timeZone: string, epochMs: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(epochMs));
}

export interface BillingPeriod {
  start: string;
  /** Exclusive: the first day of the next period. */
  end: string;
  /** Days in the period (365 or 366 for a year). */
  days: number;
  /** Days from today up to the end, today included. */
  remaining: number;
}

/**
 * The running billing period of a contract that started on `anchor` and renews every `months`.
 * Every boundary is counted from the anchor itself, so a contract of 31 January renews on the
 * last day of February and on 31 January again, never drifting to the 28th.
 */
export function billingPeriod(anchor: string, today: string, months: number): BillingPeriod {
  const a = parseYmd(anchor);
  const t = dayNumber(parseYmd(today));
  let k = Math.floor(((parseYmd(today).y - a.y) * 12 + (parseYmd(today).m - a.m)) / months);
  while (dayNumber(addMonths(a, k * months)) > t) k -= 1;
  while (dayNumber(addMonths(a, (k + 1) * months)) <= t) k += 1;
  const start = addMonths(a, k * months);
  const end = addMonths(a, (k + 1) * months);
  return {
    start: formatYmd(start),
    end: formatYmd(end),
    days: dayNumber(end) - dayNumber(start),
    remaining: dayNumber(end) - t,
  };
}

/** `a * b / c` rounded half up, for non-negative integers. */
function mulDivRound(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/** The part of an annual amount for the rest of the period. */
export function proRata(
  annualCents: number,
  period: Pick<BillingPeriod, 'days' | 'remaining'>,
): number {
  if (annualCents <= 0) return 0;
  return mulDivRound(annualCents, Math.min(period.remaining, period.days), period.days);
}

/** VAT on an amount, rounded half up to the cent. `rateBp` in basis points (2100 = 21%). */
export function vatOf(cents: number, rateBp: number): number {
  if (cents <= 0) return 0;
  return mulDivRound(cents, rateBp, 10_000);
}

export function withVat(cents: number, rateBp: number): number {
  return cents + vatOf(cents, rateBp);
}

export interface PricedProduct extends CartProduct {
  /** Regular rate per year, excluding VAT. */
  annualCents: number;
}

export interface CartLine {
  id: number;
  replaces: number[];
  /** Excluding VAT. */
  nowCents: number;
  annualCents: number;
}

export interface CartPrice {
  lines: CartLine[];
  subtotal: number;
  vat: number;
  total: number;
  /** The new annual rate, excluding VAT. */
  annualNew: number;
}

/**
 * Prices a cart that passed the cart rules. A product that includes owned products replaces
 * them: only the difference is charged, pro rata now and in full from the next period.
 */
export function priceCart(input: {
  catalogue: readonly PricedProduct[];
  owned: readonly number[];
  cart: readonly number[];
  period: Pick<BillingPeriod, 'days' | 'remaining'>;
  vatBp: number;
  planAnnualCents: number;
}): CartPrice {
  const annual = new Map(input.catalogue.map((p) => [p.id, p.annualCents]));
  const replaced = new Set<number>();
  const lines: CartLine[] = [];
  for (const id of input.cart) {
    const closure = inclusionClosure([id], input.catalogue);
    const replaces = input.owned.filter((o) => closure.has(o) && !replaced.has(o));
    for (const r of replaces) replaced.add(r);
    const deducted = replaces.reduce((sum, r) => sum + (annual.get(r) ?? 0), 0);
    const annualCents = Math.max(0, (annual.get(id) ?? 0) - deducted);
    lines.push({ id, replaces, nowCents: proRata(annualCents, input.period), annualCents });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.nowCents, 0);
  const vat = vatOf(subtotal, input.vatBp);
  const kept = input.owned.filter((o) => !replaced.has(o));
  const annualNew =
    input.planAnnualCents +
    [...kept, ...input.cart].reduce((sum, id) => sum + (annual.get(id) ?? 0), 0);
  return { lines, subtotal, vat, total: subtotal + vat, annualNew };
}
