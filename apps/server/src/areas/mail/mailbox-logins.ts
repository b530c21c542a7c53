import type { Customers } from '../../customers/customers.ts';

/** What the mailbox logins need of the core: the identities, and the sessions to end. */
export interface MailboxLoginDeps {
  customers: Pick<Customers, 'identityByLogin' | 'emailLogins'>;
  revokeOtherSessions: (identityId: number, keepId: string | null, at: number) => Promise<unknown>;
}

/**
 * The login of a mailbox (specs: an EMAIL user logs in with its mailbox and sees only that): an
 * EMAIL identity of the domain with the mailbox's name as user name and the same argon2id hash
 * Dovecot reads, so one password opens both. A name already used by another login type (the
 * customer's own `beheer`) gets no mailbox login.
 */
export function createMailboxLogins(deps: MailboxLoginDeps) {
  const { customers } = deps;
  return {
    /**
     * Makes or updates the login; a new password ends the login's other sessions (all of them
     * unless `keepSession`, the session of the mailbox's own login that changed it).
     */
    async sync(
      domainId: number,
      name: string,
      address: string,
      hash: string,
      at: number,
      keepSession?: string,
    ): Promise<void> {
      const found = await customers.identityByLogin(domainId, name);
      if (!found) {
        await customers.emailLogins.add({ domainId, username: name, address, hash, at });
        return;
      }
      if (found.type !== 'EMAIL') return;
      await customers.emailLogins.setHash(found.id, hash, at);
      await deps.revokeOtherSessions(found.id, keepSession ?? null, at);
    },

    /** The mailbox is gone: so is its login (its sessions go with it). */
    async remove(domainId: number, name: string): Promise<void> {
      await customers.emailLogins.remove(domainId, name);
    },
  };
}
export type MailboxLogins = ReturnType<typeof createMailboxLogins>;
