import type { Db } from '../db/database.ts';

/**
 * The EMAIL identities the mail area keeps for its mailboxes (the login of a mailbox): identities
 * are the core's records, so the mail area writes them through here.
 */
export function createEmailLogins(db: Db) {
  return {
    add: (login: {
      domainId: number;
      username: string;
      address: string;
      hash: string;
      at: number;
    }) =>
      db
        .insertInto('identities')
        .values({
          domain_id: login.domainId,
          username: login.username,
          type: 'EMAIL',
          name: login.address,
          email: login.address,
          password_hash: login.hash,
          language: 'nl',
          primary_login: 0,
          created_at: login.at,
          password_changed_at: login.at,
        })
        .execute(),

    /** The mailbox's new password; not announced to `passwordChanges`: the mail area made it. */
    setHash: (identityId: number, hash: string, at: number) =>
      db
        .updateTable('identities')
        .set({ password_hash: hash, password_changed_at: at })
        .where('id', '=', identityId)
        .where('type', '=', 'EMAIL')
        .execute(),

    /** The mailbox is gone: so is its login (its sessions go with it). */
    remove: (domainId: number, username: string) =>
      db
        .deleteFrom('identities')
        .where('domain_id', '=', domainId)
        .where('username', '=', username)
        .where('type', '=', 'EMAIL')
        .execute(),
  };
}
export type EmailLogins = ReturnType<typeof createEmailLogins>;
