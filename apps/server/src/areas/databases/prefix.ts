import type { DatabaseServer } from '../../platform/database-server/database-server.port.ts';
import type { DatabasesStore } from './databases.store.ts';

/** cPanel keeps account names (and so prefixes) to 8 characters. */
const BASE_MAX = 8;

/**
 * The readable start of a prefix: the domain's first label without hyphens, at most 8
 * characters (`bakkerij-devries.nl` -> `bakkerij`). A prefix never contains `_`, so the prefix of
 * a full name is everything before its first `_` and two prefixes can never overlap.
 */
export function prefixBase(domain: string): string {
  const base = (domain.split('.')[0] ?? '').replace(/[^a-z0-9]/g, '').slice(0, BASE_MAX);
  return base.length > 0 ? base : 'db';
}

/** `base`, then `base2` ... `base99`: the candidates in the order they are tried. */
export function* prefixCandidates(base: string): Generator<string> {
  yield base;
  for (let i = 2; i <= 99; i++) yield `${base}${i}`;
}

/**
 * The customer's prefix, handed out on first use and kept. A candidate is taken when another
 * customer holds it in the panel, or when anything on the MariaDB server already starts with it
 * (another installation, a database made by hand), so customers can never collide.
 */
export async function customerPrefix(
  deps: { store: DatabasesStore; server: DatabaseServer; now: () => number },
  customerId: number,
  domain: string,
): Promise<string> {
  const existing = await deps.store.prefixOf(customerId);
  if (existing) return existing;
  for (const candidate of prefixCandidates(prefixBase(domain))) {
    if (await deps.store.prefixTaken(candidate)) continue;
    if (await deps.server.prefixInUse(candidate)) continue;
    if (await deps.store.insertPrefix(customerId, candidate, deps.now())) return candidate;
    // A parallel request of the same customer may have won: its prefix is ours.
    const won = await deps.store.prefixOf(customerId);
    if (won) return won;
  }
  throw new Error(`no free database prefix for ${domain}`);
}
