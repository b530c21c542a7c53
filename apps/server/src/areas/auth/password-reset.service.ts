import type { Language } from '@haven/contract';
import { fail } from './auth.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Mailer } from '../../platform/mailer/mailer.port.ts';
import type { CustomersStore } from '../../customers/customers.store.ts';
import type { SessionsStore } from './sessions.store.ts';
import type { Lockout } from './lockout.ts';
import { checkPasswordPolicy, hashPassword } from '../../lib/passwords.ts';
import { resetDoneMail, resetMail } from './reset-mail.ts';

export const RESET_TOKEN_MS = 60 * 60_000;
/** More requests than this per identity per window send no further mail (the answer is the same). */
const RESETS_PER_WINDOW = 3;
const WINDOW_MS = 15 * 60_000;

export interface PasswordResetDeps {
  customers: CustomersStore;
  sessions: SessionsStore;
  lockout: Lockout;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** Local profile: the link is also written to the log for the operator. */
  logLink?: (domain: string, link: string) => void;
  /** The notice after a reset could not be sent (the reset itself stands). */
  logMailError?: (error: unknown) => void;
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { customers, sessions, clock } = deps;

  async function liveReset(token: string) {
    const row = await sessions.resetByHash(sha256Hex(token));
    if (!row || row.used_at !== null || row.expires_at <= clock.now()) return undefined;
    const identity = await customers.identityById(row.identity_id);
    const domain = identity ? await customers.domainById(identity.domain_id) : undefined;
    return identity && domain ? { row, identity, domain } : undefined;
  }

  return {
    /** Sends a link when the domain exists; says nothing either way. */
    async request(domainName: string, language: Language): Promise<void> {
      const domain = await customers.domainByName(domainName);
      const identity = domain ? await customers.primaryIdentity(domain.id) : undefined;
      if (!domain || !identity) return;
      const now = clock.now();
      if ((await sessions.countRecentResets(identity.id, now - WINDOW_MS)) >= RESETS_PER_WINDOW)
        return;
      const token = randomToken(32);
      // Only the newest link counts: an older one in a mailbox someone else reads stops working.
      await sessions.expireResetsOf(identity.id, now);
      await sessions.createReset({
        identityId: identity.id,
        tokenHash: sha256Hex(token),
        at: now,
        expiresAt: now + RESET_TOKEN_MS,
      });
      const link = `${deps.publicUrl}/password-forgotten/${token}`;
      deps.logLink?.(domain.name, link);
      await deps.mailer.send(
        resetMail(language, identity.email, domain.name, identity.username, link),
      );
    },

    /** The domain and username of a live token; empty strings otherwise (as the specs expect). */
    async validate(token: string): Promise<{ domain: string; username: string }> {
      const live = /^[A-Za-z0-9_-]{20,128}$/.test(token) ? await liveReset(token) : undefined;
      return live
        ? { domain: live.domain.name, username: live.identity.username }
        : { domain: '', username: '' };
    },

    async update(token: string, password: string, ip: string): Promise<void> {
      const live = await liveReset(token);
      if (!live) throw fail('expired', 'invalid');
      const problems = await checkPasswordPolicy(password, live.identity.username, [
        live.domain.name,
      ]);
      if (problems.length > 0)
        throw fail('invalid_password', 'invalid', { password: problems.join(',') });
      const hash = await hashPassword(password);
      const now = clock.now();
      // Claim the token first: of two racing requests only one gets to set the password.
      if (!(await sessions.useReset(live.row.id, now))) throw fail('expired', 'invalid');
      await customers.setPasswordHash(live.identity.id, hash, now);
      await sessions.expireResetsOf(live.identity.id, now);
      await sessions.revokeOtherSessions(live.identity.id, null, now);
      await deps.lockout.unlockIdentity(live.domain.name, live.identity.username, ip);
      try {
        await deps.mailer.send(
          resetDoneMail(
            live.identity.language,
            live.identity.email,
            live.domain.name,
            live.identity.username,
          ),
        );
      } catch (error) {
        deps.logMailError?.(error);
      }
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
