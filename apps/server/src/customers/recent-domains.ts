import type { DomainRow } from './customers.store.ts';

/** How long a domain row the guard read stands for the next requests: the guard cache's 2 s. */
export const RECENT_DOMAIN_MS = 2_000;

/**
 * The domain rows the guard read in the last `ttlMs`, by name, so a domain route makes no query
 * for its own domain (on PostgreSQL a click's API request takes a sixth longer without). A write
 * in this process calls `changed()` once it committed and every row is read again; another
 * process's (the operator CLI) shows within `ttlMs`, as a revoked session does in the guard
 * cache. Only rows found are kept; bounded, oldest dropped first.
 */
export function createRecentDomains(
  read: (name: string) => Promise<DomainRow | undefined>,
  ttlMs = RECENT_DOMAIN_MS,
  max = 10_000,
) {
  let entries = new Map<string, { row: DomainRow; until: number }>();
  return {
    byName: async (name: string, now: number): Promise<DomainRow | undefined> => {
      const hit = entries.get(name);
      if (hit && hit.until > now) return hit.row;
      const before = entries;
      const row = await read(name);
      // A write that committed while this read ran may be missing from `row`: keep it only if none did.
      if (row && before === entries) {
        entries.delete(name);
        if (entries.size >= max) entries.delete(entries.keys().next().value ?? '');
        entries.set(name, { row, until: now + ttlMs });
      }
      return row;
    },
    /** Every kept row is read again: call after a write to `domains` commits. */
    changed: (): void => {
      entries = new Map();
    },
  };
}
export type RecentDomains = ReturnType<typeof createRecentDomains>;
