import type { MailDb } from './mail.tables.ts';

/** Webmail sign-on tokens by hash (mail-training.tables.ts). */
export function createWebmailStore(db: MailDb) {
  return {
    async insert(tokenHash: string, accountId: number, now: number, expiresAt: number) {
      // Spent and expired tokens are of no use: they go as new ones come.
      await db.deleteFrom('webmail_tokens').where('expires_at', '<', now).execute();
      await db
        .insertInto('webmail_tokens')
        .values({
          token_hash: tokenHash,
          account_id: accountId,
          expires_at: expiresAt,
          used_at: null,
          created_at: now,
        })
        .execute();
    },

    /**
     * Spends the token: one UPDATE that only an unused, unexpired token matches, so two
     * redeems at the same moment cannot both win. Its mailbox's id, or null.
     */
    async spend(tokenHash: string, now: number): Promise<number | null> {
      const row = await db
        .updateTable('webmail_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('account_id')
        .executeTakeFirst();
      return row?.account_id ?? null;
    },

    /** A mailbox's address (`local@domain`) by id, or null when it is gone or a group. */
    async address(accountId: number): Promise<string | null> {
      const row = await db
        .selectFrom('mail_accounts')
        .innerJoin('domains', 'domains.id', 'mail_accounts.domain_id')
        .select(['mail_accounts.name as local', 'domains.name as domain', 'mail_accounts.type'])
        .where('mail_accounts.id', '=', accountId)
        .executeTakeFirst();
      return row?.type === 'address' ? `${row.local}@${row.domain}` : null;
    },
  };
}
export type WebmailStore = ReturnType<typeof createWebmailStore>;
