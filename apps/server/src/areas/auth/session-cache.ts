import type { Principal } from '../../model/principal.ts';
import { KEPT_READ_MS } from '../../lib/kept-reads.ts';

/**
 * Live sessions seen in the last few seconds, so a burst of API calls does not hit the
 * sessions table for each one. Revocations in this process evict at once; another instance's
 * revocation is seen within `ttlMs` (the trade-off for scale-out, documented in the README).
 */
export function createSessionCache(ttlMs = KEPT_READ_MS, max = 10_000) {
  const entries = new Map<string, { principal: Principal; until: number }>();
  return {
    get(sessionId: string, now: number): Principal | undefined {
      const e = entries.get(sessionId);
      if (!e) return undefined;
      if (e.until <= now) {
        entries.delete(sessionId);
        return undefined;
      }
      return e.principal;
    },
    set(principal: Principal, now: number, sessionExpiresAt: number): void {
      if (entries.size >= max) entries.delete(entries.keys().next().value ?? '');
      entries.set(principal.sessionId, { principal, until: Math.min(now + ttlMs, sessionExpiresAt) });
    },
    evictSession(sessionId: string): void {
      entries.delete(sessionId);
    },
    evictIdentity(identityId: number): void {
      for (const [id, e] of entries) if (e.principal.identityId === identityId) entries.delete(id);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
