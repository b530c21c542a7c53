import type { SslNameCoverage } from '@haven/contract/ssl';
import { rowNames, type SslRow } from './ssl.store.ts';

/** The names the installed certificate serves now: none once it has expired (tlsOf agrees). */
export function coveredNames(row: SslRow | undefined, now: number): string[] {
  if (!row?.cert_names || Number(row.cert_expires_at) < now) return [];
  return rowNames.cert(row);
}

/** The main site's names first (`www.<domain>`, then `<domain>`), the others by name. */
export function mainFirst(domain: string, names: readonly string[]): string[] {
  const rank = (n: string) => (n === `www.${domain}` ? 0 : n === domain ? 1 : 2);
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Host names the installed certificate does not name: served over plain HTTP only. */
export const uncoveredNames = (row: SslRow | undefined, hostnames: string[], now: number) =>
  hostnames.filter((n) => !coveredNames(row, now).includes(n));

/**
 * Each host name's state (contract `SSL_NAME_STATES`). While a request runs, every uncovered
 * name is pending: a name added during the run gets a follow-up request when it ends.
 */
export function coverageOf(
  row: SslRow | undefined,
  hostnames: string[],
  now: number,
): SslNameCoverage[] {
  const covered = coveredNames(row, now);
  const requested = row ? rowNames.requested(row) : [];
  const failure = (row?.failure ?? null) as SslNameCoverage['failure'];
  return hostnames.map((name): SslNameCoverage => {
    if (covered.includes(name)) return { name, state: 'covered', failure: null };
    if (row?.status === 'pending') return { name, state: 'pending', failure: null };
    if (failure && requested.includes(name)) return { name, state: 'failed', failure };
    return { name, state: 'none', failure: null };
  });
}
