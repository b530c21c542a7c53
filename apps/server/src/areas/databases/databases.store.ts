import { sql } from 'kysely';
import type { DatabasesDb } from './databases.tables.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';

/** A unique-constraint failure in SQLite or PostgreSQL: someone else holds the name. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' ||
    (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

export type Reservation = { ok: true; id: number } | { ok: false; reason: 'max' | 'exists' };

/** The panel state of customer databases (desired state; see databases.tables.ts). */
export function createDatabasesStore(db: DatabasesDb) {
  return {
    /** The domain's databases with their user counts, by name. */
    databases: (domainId: number) =>
      db
        .selectFrom('customer_databases as d')
        .leftJoin('customer_database_users as u', 'u.database_id', 'd.id')
        .select(['d.id', 'd.name', 'd.created_at', (eb) => eb.fn.count<number>('u.id').as('users')])
        .where('d.domain_id', '=', domainId)
        .groupBy(['d.id', 'd.name', 'd.created_at'])
        .orderBy('d.name')
        .execute(),

    /** The databases of several domains, by name (what a helpdesk ticket can be about). */
    namesOf: async (domainIds: readonly number[]) =>
      domainIds.length === 0
        ? []
        : db
            .selectFrom('customer_databases')
            .select(['domain_id', 'name'])
            .where('domain_id', 'in', domainIds)
            .orderBy('name')
            .execute(),

    database: (domainId: number, name: string) =>
      db
        .selectFrom('customer_databases')
        .selectAll()
        .where('domain_id', '=', domainId)
        .where('name', '=', name)
        .executeTakeFirst(),

    databaseById: (id: number) =>
      db
        .selectFrom('customer_databases as d')
        .innerJoin('domains', 'domains.id', 'd.domain_id')
        .select(['d.id', 'd.name', 'd.domain_id', 'domains.name as domain', 'domains.node'])
        .where('d.id', '=', id)
        .executeTakeFirst()
        .then((row) => row && { ...row, node: row.node ?? LOCAL_NODE }),

    /** The node that serves a domain (its databases live on that node's MariaDB). */
    nodeOf: async (domainId: number) =>
      (await db.selectFrom('domains').select('node').where('id', '=', domainId).executeTakeFirst())
        ?.node ?? LOCAL_NODE,

    /**
     * Claims a name under the plan's limit. The domain row is locked first (an UPDATE locks it
     * in PostgreSQL; SQLite has one writer), so two parallel creates cannot both pass the count.
     */
    async reserveDatabase(domainId: number, name: string, at: number): Promise<Reservation> {
      try {
        return await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('domains')
            .set({ max_databases: sql<number>`max_databases` })
            .where('id', '=', domainId)
            .execute();
          const domain = await trx
            .selectFrom('domains')
            .select('max_databases')
            .where('id', '=', domainId)
            .executeTakeFirstOrThrow();
          const { n } = await trx
            .selectFrom('customer_databases')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('domain_id', '=', domainId)
            .executeTakeFirstOrThrow();
          if (Number(n) >= domain.max_databases) return { ok: false, reason: 'max' } as const;
          const taken = await trx
            .selectFrom('customer_databases')
            .select('id')
            .where('name', '=', name)
            .executeTakeFirst();
          if (taken) return { ok: false, reason: 'exists' } as const;
          const row = await trx
            .insertInto('customer_databases')
            .values({ domain_id: domainId, name, created_at: at })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { ok: true, id: row.id } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'exists' };
        throw error;
      }
    },

    deleteDatabase: (id: number) =>
      db.deleteFrom('customer_databases').where('id', '=', id).execute(),

    users: (databaseId: number) =>
      db
        .selectFrom('customer_database_users')
        .selectAll()
        .where('database_id', '=', databaseId)
        .orderBy('name')
        .execute(),

    user: (databaseId: number, name: string) =>
      db
        .selectFrom('customer_database_users')
        .selectAll()
        .where('database_id', '=', databaseId)
        .where('name', '=', name)
        .executeTakeFirst(),

    userNameTaken: async (name: string) =>
      (await db
        .selectFrom('customer_database_users')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirst()) !== undefined,

    /** Claims a login name; null when another database of any customer holds it. */
    async reserveUser(databaseId: number, name: string, at: number): Promise<number | null> {
      try {
        const row = await db
          .insertInto('customer_database_users')
          .values({ database_id: databaseId, name, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    deleteUser: (id: number) =>
      db.deleteFrom('customer_database_users').where('id', '=', id).execute(),

    prefixOf: async (customerId: number) =>
      (
        await db
          .selectFrom('database_prefixes')
          .select('prefix')
          .where('customer_id', '=', customerId)
          .executeTakeFirst()
      )?.prefix,

    prefixTaken: async (prefix: string) =>
      (await db
        .selectFrom('database_prefixes')
        .select('customer_id')
        .where('prefix', '=', prefix)
        .executeTakeFirst()) !== undefined,

    /** False when the prefix, or a prefix for this customer, was taken meanwhile. */
    async insertPrefix(customerId: number, prefix: string, at: number): Promise<boolean> {
      try {
        await db
          .insertInto('database_prefixes')
          .values({ customer_id: customerId, prefix, created_at: at })
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async insertTicket(
      tokenHash: string,
      databaseId: number,
      at: number,
      expiresAt: number,
    ): Promise<void> {
      await db.deleteFrom('database_download_tickets').where('expires_at', '<', at).execute();
      await db
        .insertInto('database_download_tickets')
        .values({
          token_hash: tokenHash,
          database_id: databaseId,
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** Marks a live ticket used and answers its database; only the first caller gets it. */
    async redeemTicket(tokenHash: string, at: number): Promise<number | undefined> {
      const row = await db
        .updateTable('database_download_tickets')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('database_id')
        .executeTakeFirst();
      return row?.database_id;
    },
  };
}
export type DatabasesStore = ReturnType<typeof createDatabasesStore>;
