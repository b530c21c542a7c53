import type { Db } from '../../db/database.ts';

/**
 * The login of a mailbox (specs: an EMAIL user logs in with its mailbox and sees only that): an
 * EMAIL identity of the domain with the mailbox's name as user name and the same argon2id hash
 * Dovecot reads, so one password opens both. A name already used by another login type (the
 * customer's own `beheer`) gets no mailbox login.
 */
export function createMailboxLogins(db: Db) {
  const identity = (domainId: number, name: string) =>
    db
      .selectFrom('identities')
      .select(['id', 'type'])
      .where('domain_id', '=', domainId)
      .where('username', '=', name)
      .executeTakeFirst();

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
      const found = await identity(domainId, name);
      if (!found) {
        await db
          .insertInto('identities')
          .values({
            domain_id: domainId,
            username: name,
            type: 'EMAIL',
            name: address,
            email: address,
            password_hash: hash,
            language: 'nl',
            primary_login: 0,
            created_at: at,
            password_changed_at: at,
          })
          .execute();
        return;
      }
      if (found.type !== 'EMAIL') return;
      await db
        .updateTable('identities')
        .set({ password_hash: hash, password_changed_at: at })
        .where('id', '=', found.id)
        .execute();
      let revoke = db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('identity_id', '=', found.id)
        .where('revoked_at', 'is', null);
      if (keepSession) revoke = revoke.where('id', '!=', keepSession);
      await revoke.execute();
    },

    /** The mailbox is gone: so is its login (its sessions go with it). */
    async remove(domainId: number, name: string): Promise<void> {
      await db
        .deleteFrom('identities')
        .where('domain_id', '=', domainId)
        .where('username', '=', name)
        .where('type', '=', 'EMAIL')
        .execute();
    },
  };
}
export type MailboxLogins = ReturnType<typeof createMailboxLogins>;
