import { LIMITS } from '@haven/contract';
import type { SessionsStore } from './sessions.store.ts';

const WINDOW_MS = LIMITS.lockoutMinutes * 60_000;

/**
 * Three counters guard the login:
 * - per identity and address: a guesser at one address is stopped after a few tries;
 * - per identity: a guesser spread over many addresses is stopped too, but this lock does not
 *   apply at addresses the owner logged in from before, so a stranger cannot lock the owner out;
 * - per address: one address spraying many identities.
 * Every lock lasts 15 minutes from the attempt that reached the limit; a password reset clears
 * the identity's counters.
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

/** What `admit` decided: go on and check the password, or refused until `retryAfterMs` passed. */
export type Admission =
  | { admitted: true; counted: Partial<Record<keyof LoginKeys, number>> }
  | { admitted: false; retryAfterMs: number };

export function createLockout(store: SessionsStore) {
  return {
    /**
     * Counts the attempt before the password is checked, atomically in SQL: of a parallel burst
     * only the first `threshold` attempts are checked at all. The identity lock does not apply at
     * a device the owner used before (its attempt is still counted).
     */
    async admit(keys: LoginKeys, knownDevice: boolean, now: number): Promise<Admission> {
      const counted: Partial<Record<keyof LoginKeys, number>> = {};
      for (const which of ['identityAddress', 'address', 'identity'] as const) {
        const row = await store.countAttempt(keys[which], now, WINDOW_MS);
        counted[which] = row.count;
        if (which === 'identity' && knownDevice) continue;
        if (row.locked_until > now)
          return { admitted: false, retryAfterMs: row.locked_until - now };
        // Over the limit while the attempt that reached it is still being checked.
        if (row.count > LOCK_THRESHOLDS[which]) return { admitted: false, retryAfterMs: WINDOW_MS };
      }
      return { admitted: true, counted };
    },
    /** A wrong password: a counter that reached its limit locks for the whole window. */
    async recordFailure(
      keys: LoginKeys,
      counted: Partial<Record<keyof LoginKeys, number>>,
      now: number,
    ): Promise<void> {
      for (const which of ['identityAddress', 'address', 'identity'] as const) {
        const n = counted[which];
        if (n !== undefined && n >= LOCK_THRESHOLDS[which])
          await store.lock(keys[which], now + WINDOW_MS);
      }
    },
    /** The right password: its own address starts afresh; the others give back this attempt. */
    async recordSuccess(keys: LoginKeys): Promise<void> {
      await store.clearFailures([keys.identityAddress]);
      await store.releaseAttempt(keys.address);
      await store.releaseAttempt(keys.identity);
    },
    /** After a password reset: the owner proved control of the mailbox. */
    async unlockIdentity(domain: string, username: string, ip: string): Promise<void> {
      const k = loginKeys(domain, username, ip);
      await store.clearFailures([k.identity, k.identityAddress]);
    },
  };
}
export type Lockout = ReturnType<typeof createLockout>;
