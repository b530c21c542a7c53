import { LIMITS } from '@haven/contract';
import type { SessionsStore } from './sessions.store.ts';

const WINDOW_MS = LIMITS.lockoutMinutes * 60_000;

/**
 * Three counters guard the login:
 * - per identity and address: a guesser at one address is stopped after a few tries;
 * - per identity: a guesser spread over many addresses is stopped too, but this lock does not
 *   apply at addresses the owner logged in from before, so a stranger cannot lock the owner out;
 * - per address: one address spraying many identities.
 * Every lock lasts 15 minutes; a password reset clears the identity's counters.
 */
export const LOCK_THRESHOLDS = { identityAddress: 5, identity: 20, address: 50 } as const;

export interface LoginKeys {
  identityAddress: string;
  identity: string;
  address: string;
}

export function loginKeys(domain: string, username: string, ip: string): LoginKeys {
  const who = `${domain}|${username.toLowerCase()}`;
  return { identityAddress: `ia:${who}|${ip}`, identity: `i:${who}`, address: `a:${ip}` };
}

export function identityKeyPrefix(domain: string, username: string): string {
  return `${domain}|${username.toLowerCase()}`;
}

export function createLockout(store: SessionsStore) {
  async function lockedUntil(key: string, now: number): Promise<number> {
    const row = await store.failure(key);
    return row && row.locked_until > now ? row.locked_until : 0;
  }

  async function count(key: string, threshold: number, now: number): Promise<void> {
    const row = await store.failure(key);
    const fresh = !row || now - row.first_at > WINDOW_MS;
    const n = fresh ? 1 : row.count + 1;
    await store.putFailure({
      key,
      count: n,
      first_at: fresh ? now : row.first_at,
      locked_until: n >= threshold ? now + WINDOW_MS : 0,
    });
  }

  return {
    /** Whether a login attempt may even be checked. */
    async isLocked(keys: LoginKeys, knownDevice: boolean, now: number): Promise<boolean> {
      if ((await lockedUntil(keys.identityAddress, now)) > 0) return true;
      if ((await lockedUntil(keys.address, now)) > 0) return true;
      return !knownDevice && (await lockedUntil(keys.identity, now)) > 0;
    },
    async recordFailure(keys: LoginKeys, now: number): Promise<void> {
      await count(keys.identityAddress, LOCK_THRESHOLDS.identityAddress, now);
      await count(keys.identity, LOCK_THRESHOLDS.identity, now);
      await count(keys.address, LOCK_THRESHOLDS.address, now);
    },
    async recordSuccess(keys: LoginKeys): Promise<void> {
      await store.clearFailures([keys.identityAddress]);
    },
    /** After a password reset: the owner proved control of the mailbox. */
    async unlockIdentity(domain: string, username: string, ip: string): Promise<void> {
      const k = loginKeys(domain, username, ip);
      await store.clearFailures([k.identity, k.identityAddress]);
    },
  };
}
export type Lockout = ReturnType<typeof createLockout>;
