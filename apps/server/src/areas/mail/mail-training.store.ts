import type { MailDb } from './mail.tables.ts';

export type TrainingMark = 'spam' | 'ham';

/** The marks a mailbox's messages were taught to the spam filter with. */
export function createTrainingStore(db: MailDb) {
  return {
    async marks(accountId: number): Promise<Map<string, TrainingMark>> {
      const rows = await db
        .selectFrom('mail_training')
        .select(['message_id', 'mark'])
        .where('account_id', '=', accountId)
        .execute();
      return new Map(rows.map((r) => [r.message_id, r.mark]));
    },

    /** One message's mark: the latest wins (a message taught as spam can be taught as ham). */
    async setMark(accountId: number, messageId: string, mark: TrainingMark, at: number) {
      await db
        .insertInto('mail_training')
        .values({ account_id: accountId, message_id: messageId, mark, trained_at: at })
        .onConflict((oc) =>
          oc.columns(['account_id', 'message_id']).doUpdateSet({ mark, trained_at: at }),
        )
        .execute();
    },
  };
}
export type TrainingStore = ReturnType<typeof createTrainingStore>;
