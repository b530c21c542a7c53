import { STATISTICS_LIMITS } from '@haven/contract/statistics';
import { invalid } from './statistics.errors.ts';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant, in UTC (the server's logs are read in their own dates). */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(isoDay(t));
  return out;
}

/**
 * The asked range, by default the first of this month to today (specs). A reversed range, one
 * that starts after today, or one longer than `maxRangeDays` is refused.
 */
export function resolveRange(
  now: number,
  asked: { from?: string | undefined; to?: string | undefined },
): { from: string; to: string } {
  const today = isoDay(now);
  const from = asked.from ?? `${today.slice(0, 8)}01`;
  const to = asked.to ?? today;
  if (to < from) throw invalid('range_reversed', { from: 'range_reversed' });
  if (from > today) throw invalid('date_in_future', { from: 'date_in_future' });
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (span > STATISTICS_LIMITS.maxRangeDays)
    throw invalid('range_too_long', { to: 'range_too_long' });
  return { from, to };
}
