import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { createGuardCache } from './guard-cache.ts';

/** Sessions, login failure counters and reset tokens. */
export function createSessionsStore(db: Db) {
  const guardCache = createGuardCache();
  return {
    guardCache,
    createSession: (s: {
      id: string;
      identityId: number;
      ip: string;
      userAgent: string;
      at: number;
      expiresAt: number;
    }) =>
      db
        .insertInto('sessions')
        .values({
          id: s.id,
          identity_id: s.identityId,
          ip: s.ip,
          user_agent: s.userAgent,
          created_at: s.at,
          expires_at: s.expiresAt,
          revoked_at: null,
        })
        .execute(),
    /** The live session with what the guard needs of its identity, in one query. */
    liveSession: (id: string, now: number) =>
      db
        .selectFrom('sessions')
        .innerJoin('identities', 'identities.id', 'sessions.identity_id')
        .innerJoin('domains', 'domains.id', 'identities.domain_id')
        .select([
          'sessions.id as session_id',
          'sessions.expires_at',
          'sessions.token_generation',
          'identities.id as identity_id',
          'identities.username',
          'identities.type',
          'identities.domain_id',
          'domains.customer_id',
        ])
        .where('sessions.id', '=', id)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst(),
    /**
     * Refresh: raises the token generation from `generation` (so the token it replaces stops
     * counting) and extends the session to `idleUntil`, never past `created_at + maxMs`. Answers
     * the new generation, or undefined when the session is gone or another refresh came first.
     */
    rotateSession: async (
      id: string,
      generation: number,
      now: number,
      idleUntil: number,
      maxMs: number,
    ) => {
      guardCache.evictSession(id);
      const row = await db
        .updateTable('sessions')
        .set({
          token_generation: sql<number>`token_generation + 1`,
          expires_at: sql<number>`case when created_at + ${maxMs} < ${idleUntil} then created_at + ${maxMs} else ${idleUntil} end`,
        })
        .where('id', '=', id)
        .where('token_generation', '=', generation)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('token_generation')
        .executeTakeFirst();
      return row?.token_generation;
    },
    revokeSession: (id: string, at: number) => {
      guardCache.evictSession(id);
      return db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
    revokeOtherSessions: (identityId: number, keepId: string | null, at: number) => {
      guardCache.evictIdentity(identityId);
      let q = db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('identity_id', '=', identityId)
        .where('revoked_at', 'is', null);
      if (keepId) q = q.where('id', '!=', keepId);
      return q.execute();
    },
    /** Whether this identity has logged in from this address before (a known device). */
    hasLoggedInFrom: async (identityId: number, ip: string, since: number) =>
      (await db
        .selectFrom('sessions')
        .select('id')
        .where('identity_id', '=', identityId)
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    /**
     * Counts one attempt on `key` in one statement (so parallel attempts each see their own
     * number) and answers the count with the lock; a counter whose window passed and whose lock
     * ended starts again at 1.
     */
    countAttempt: (key: string, now: number, windowMs: number) => {
      const fresh = sql<boolean>`login_failures.first_at <= ${now - windowMs} and login_failures.locked_until <= ${now}`;
      return db
        .insertInto('login_failures')
        .values({ key, count: 1, first_at: now, locked_until: 0 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${fresh} then 1 else login_failures.count + 1 end`,
            first_at: sql<number>`case when ${fresh} then ${now} else login_failures.first_at end`,
            locked_until: sql<number>`case when ${fresh} then 0 else login_failures.locked_until end`,
          }),
        )
        .returning(['count', 'locked_until'])
        .executeTakeFirstOrThrow();
    },
    /** Gives back a counted attempt that turned out to be the right password. */
    releaseAttempt: (key: string) =>
      db
        .updateTable('login_failures')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute(),
    lock: (key: string, until: number) =>
      db
        .updateTable('login_failures')
        .set({ locked_until: until })
        .where('key', '=', key)
        .where('locked_until', '<', until)
        .execute(),
    clearFailures: (keys: string[]) =>
      keys.length
        ? db.deleteFrom('login_failures').where('key', 'in', keys).execute()
        : Promise.resolve([]),

    createReset: (r: { identityId: number; tokenHash: string; at: number; expiresAt: number }) =>
      db
        .insertInto('password_resets')
        .values({
          identity_id: r.identityId,
          token_hash: r.tokenHash,
          created_at: r.at,
          expires_at: r.expiresAt,
          used_at: null,
        })
        .execute(),
    resetByHash: (tokenHash: string) =>
      db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),
    countRecentResets: async (identityId: number, since: number) =>
      Number(
        (
          await db
            .selectFrom('password_resets')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('identity_id', '=', identityId)
            .where('created_at', '>', since)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    /** Marks a token used; false when another request used it first. */
    useReset: async (id: number, at: number) => {
      const r = await db
        .updateTable('password_resets')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    expireResetsOf: (identityId: number, at: number) =>
      db
        .updateTable('password_resets')
        .set({ used_at: at })
        .where('identity_id', '=', identityId)
        .where('used_at', 'is', null)
        .execute(),
  };
}
export type SessionsStore = ReturnType<typeof createSessionsStore>;
