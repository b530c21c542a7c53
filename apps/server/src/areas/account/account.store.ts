import type { Db } from '../../db/database.ts';

export function createAccountStore(db: Db) {
  return {
    /** Live notifications for every customer (`domainId` null) or for one domain. */
    notifications: (domainId: number | null, now: number) => {
      let q = db.selectFrom('notifications').selectAll();
      q =
        domainId === null ? q.where('domain_id', 'is', null) : q.where('domain_id', '=', domainId);
      return q
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('created_at', 'desc')
        .limit(50)
        .execute();
    },
  };
}
export type AccountStore = ReturnType<typeof createAccountStore>;
