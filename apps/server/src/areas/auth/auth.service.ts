import { randomUUID } from 'node:crypto';
import { isDomainName, LIMITS } from '@haven/contract';
import { fail, notFound, unauthorized } from './auth.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Guard, Principal } from '../../model/principal.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import type { Customers } from '../../customers/customers.ts';
import type { SessionsStore } from './sessions.store.ts';
import type { Tokens } from './tokens.ts';
import type { Lockout } from './lockout.ts';
import { loginKeys } from './lockout.ts';
import { dummyHash, verifyPassword } from '../../lib/passwords.ts';

/** A session lives 12 hours past its last refresh; the SPA refreshes while it is open. */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;
/** However often it is refreshed, a session ends this long after the login. */
export const SESSION_MAX_MS = LIMITS.sessionMaxHours * 60 * 60_000;
const KNOWN_DEVICE_MS = 90 * 24 * 60 * 60_000;

export interface AuthDeps {
  customers: Customers;
  sessions: SessionsStore;
  tokens: Tokens;
  lockout: Lockout;
  clock: Clock;
}

export interface LoginInput {
  domain: string;
  username: string;
  password: string;
  ip: string;
  userAgent: string;
}

export function createAuthService(deps: AuthDeps) {
  const { customers, sessions, tokens, lockout, clock } = deps;

  async function startSession(identityId: number, ip: string, userAgent: string): Promise<string> {
    const now = clock.now();
    const id = randomUUID();
    await sessions.createSession({
      id,
      identityId,
      ip,
      userAgent,
      at: now,
      expiresAt: now + SESSION_IDLE_MS,
    });
    return tokens.sign({ sid: id, sub: String(identityId), gen: 0 });
  }

  const guard: Guard = {
    async authenticate(token) {
      const now = clock.now();
      const known = sessions.guardCache.get(token, now);
      if (known) return known;
      const claims = await tokens.verify(token);
      if (!claims) throw unauthorized();
      const row = await sessions.liveSession(claims.sid, now);
      if (!row || String(row.identity_id) !== claims.sub || row.token_generation !== claims.gen)
        throw unauthorized();
      const principal: Principal = {
        sessionId: row.session_id,
        identityId: row.identity_id,
        customerId: row.customer_id,
        homeDomainId: row.domain_id,
        username: row.username,
        type: row.type,
      };
      sessions.guardCache.set(token, principal, now, Math.min(claims.expiresAt, row.expires_at));
      return principal;
    },
    async resolveDomain(principal, name) {
      // Another customer's domain, or one that does not exist, answers the same 404.
      if (!isDomainName(name)) throw notFound();
      const row = await customers.recentDomainByName(name, clock.now());
      if (!row || row.customer_id !== principal.customerId) throw notFound();
      if (principal.type === 'EMAIL' && row.id !== principal.homeDomainId) throw notFound();
      return toDomainRef(row);
    },
  };

  return {
    guard,
    startSession,

    async domainPackage(domain: string): Promise<'DOMAIN' | 'HOSTING' | null> {
      const row = await customers.domainByName(domain);
      return row ? row.package : null;
    },

    async login(input: LoginInput): Promise<string> {
      const now = clock.now();
      const keys = loginKeys(input.domain, input.username, input.ip);
      const domain = await customers.domainByName(input.domain);
      const identity = domain
        ? await customers.identityByLogin(domain.id, input.username)
        : undefined;
      const knownDevice = identity
        ? await sessions.hasLoggedInFrom(identity.id, input.ip, now - KNOWN_DEVICE_MS)
        : false;
      const admission = await lockout.admit(keys, knownDevice, now);
      if (!admission.admitted)
        throw fail('too_many_attempts', 'too_many', undefined, {
          retryAfterSeconds: Math.ceil(admission.retryAfterMs / 1000),
        });
      const ok = await verifyPassword(
        identity?.password_hash ?? (await dummyHash()),
        input.password,
      );
      if (!identity || !ok) {
        await lockout.recordFailure(keys, admission.counted, now);
        throw unauthorized();
      }
      await lockout.recordSuccess(keys);
      return startSession(identity.id, input.ip, input.userAgent);
    },

    /** A new token for the session of `token`; `token` itself stops counting (rotation). */
    async refresh(principal: Principal, token: string | undefined): Promise<string> {
      const claims = token ? await tokens.verify(token) : null;
      if (!claims || claims.sid !== principal.sessionId) throw unauthorized();
      const now = clock.now();
      const gen = await sessions.rotateSession(
        principal.sessionId,
        claims.gen,
        now,
        now + SESSION_IDLE_MS,
        SESSION_MAX_MS,
      );
      if (gen === undefined) throw unauthorized();
      return tokens.sign({ sid: principal.sessionId, sub: String(principal.identityId), gen });
    },

    async isValid(token: string | undefined): Promise<boolean> {
      if (!token) return false;
      try {
        await guard.authenticate(token);
        return true;
      } catch {
        return false;
      }
    },

    logout: (principal: Principal) => sessions.revokeSession(principal.sessionId, clock.now()),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
