import type { Principal } from '../../model/principal.ts';

/** Without it a click's API request takes a quarter to a third longer (SQLite and PostgreSQL). */
export const GUARD_CACHE_MS = 2_000;

/**
 * Tokens the guard let through in the last `ttlMs`, with whom they name: no JWT check and no
 * session read for them. Revocations in this process evict at once; another process's (a logout
 * on another instance, the operator CLI's password reset) shows within `ttlMs`. Bounded, oldest
 * dropped first.
 */
export function createGuardCache(ttlMs = GUARD_CACHE_MS, max = 10_000) {
  const entries = new Map<string, { principal: Principal; until: number }>();
  const evict = (drop: (p: Principal) => boolean) => {
    for (const [token, e] of entries) if (drop(e.principal)) entries.delete(token);
  };
  return {
    get(token: string, now: number): Principal | undefined {
      const e = entries.get(token);
      if (e && e.until > now) return e.principal;
      if (e) entries.delete(token);
      return undefined;
    },
    /** `until` bounds the entry by the token's and the session's own expiry. */
    set(token: string, principal: Principal, now: number, until: number): void {
      if (entries.size >= max) entries.delete(entries.keys().next().value ?? '');
      entries.set(token, { principal, until: Math.min(now + ttlMs, until) });
    },
    evictSession: (sessionId: string) => evict((p) => p.sessionId === sessionId),
    evictIdentity: (identityId: number) => evict((p) => p.identityId === identityId),
  };
}
export type GuardCache = ReturnType<typeof createGuardCache>;
