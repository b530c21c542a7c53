import type { Notification, User, UserDomain } from '@haven/contract';
import { fail, unauthorized } from './account.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef, Principal } from '../../model/principal.ts';
import type { CustomersStore, DomainRow } from '../../customers/customers.store.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AccountStore } from './account.store.ts';

/**
 * What the account area needs of the auth area's sessions, declared here so account does not
 * import auth: areas/registry.ts passes the auth area's exports in.
 */
export interface AccountSessions {
  /** Ends every live session of the identity but `keepId`. */
  revokeOtherSessions(identityId: number, keepId: string | null, at: number): Promise<unknown>;
  /** A fresh access token for the principal's own session; `token` stops counting. */
  refresh(principal: Principal, token: string | undefined): Promise<string>;
  /** Every outstanding password reset link of the identity stops working. */
  expireResetsOf(identityId: number, at: number): Promise<unknown>;
}

export interface AccountDeps {
  customers: CustomersStore;
  store: AccountStore;
  sessions: AccountSessions;
  clock: Clock;
}

function toUserDomain(
  row: Pick<DomainRow, 'name' | 'status' | 'instap' | 'premium' | 'package' | 'active'>,
): UserDomain {
  return {
    name: row.name,
    status: row.status,
    instap: row.instap === 1,
    premium: row.premium === 1,
    package: row.package,
    active: row.active === 1,
  };
}

export function createAccountService(deps: AccountDeps) {
  const { customers, clock } = deps;

  async function domainsOf(principal: Principal): Promise<DomainRow[]> {
    const all = await customers.domainsOfCustomer(principal.customerId);
    // An EMAIL identity only ever sees its own domain.
    return principal.type === 'EMAIL' ? all.filter((d) => d.id === principal.homeDomainId) : all;
  }

  return {
    async user(principal: Principal, ip: string): Promise<User> {
      const rows = await customers.identityWithDomains(principal.identityId, principal.customerId);
      const identity = rows[0];
      if (!identity) throw unauthorized();
      // An EMAIL identity only ever sees its own domain.
      const domains =
        principal.type === 'EMAIL' ? rows.filter((d) => d.id === principal.homeDomainId) : rows;
      const home = domains.find((d) => d.id === identity.identity_domain_id);
      return {
        name: identity.identity_name,
        type: identity.identity_type,
        email: identity.identity_email,
        ip,
        language: identity.identity_language,
        domain: home?.name ?? domains[0]?.name ?? '',
        domains: domains.map(toUserDomain),
      };
    },

    domains: async (principal: Principal) => (await domainsOf(principal)).map(toUserDomain),

    async notifications(domain: DomainRef | null): Promise<Notification[]> {
      const rows = await deps.store.notifications(domain?.id ?? null, clock.now());
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        message: { nl: r.message_nl, en: r.message_en || r.message_nl },
        created_at: new Date(r.created_at).toISOString(),
      }));
    },

    /**
     * Changes the own password, ends every other session and every reset link, and answers a
     * fresh token (the one this call came with stops counting).
     */
    async changePassword(
      principal: Principal,
      token: string | undefined,
      current: string,
      password: string,
      domainName: string,
    ): Promise<string> {
      const identity = await customers.identityById(principal.identityId);
      if (!identity) throw unauthorized();
      if (!(await verifyPassword(identity.password_hash, current)))
        throw fail('invalid_current_password', 'invalid');
      const problems = await checkPasswordPolicy(password, identity.username, [domainName]);
      if (problems.length > 0)
        throw fail('invalid_password', 'invalid', { password: problems.join(',') });
      const now = clock.now();
      await customers.setPasswordHash(identity.id, await hashPassword(password), now);
      await deps.sessions.revokeOtherSessions(identity.id, principal.sessionId, now);
      await deps.sessions.expireResetsOf(identity.id, now);
      return deps.sessions.refresh(principal, token);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
