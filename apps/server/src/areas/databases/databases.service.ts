import type { Readable } from 'node:stream';
import { databases } from '@haven/contract';
import { fail, notFound, invalid, conflict } from './databases.errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { isAppError } from '../../lib/app-error.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { DatabaseUsersDeps } from './database-users.service.ts';
import { createDatabaseUsersService, toUser } from './database-users.service.ts';
import { customerPrefix } from './prefix.ts';
import { fromServer } from './server-errors.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import { NodeUnavailableError } from '../../platform/node-bus/node-bus.port.ts';

export const TICKET_MS = 60_000;

export interface DatabaseFile {
  stream: Readable;
  filename: string;
  contentType: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A dump streams, which the bus cannot carry yet: only the panel's own node's is served. */
function assertDumpable(node: NodeName): void {
  if (node !== LOCAL_NODE)
    throw new NodeUnavailableError(node, `database downloads from node ${node} are not served yet`);
}

/**
 * Customer databases: the panel state (desired state) first, then the real server, and on a
 * failed step the earlier ones are undone, so what the panel lists is what exists.
 */
export function createDatabasesService(
  deps: DatabaseUsersDeps & { connection: databases.DatabaseConnection },
) {
  const { store, server, clock, connection } = deps;
  const users = createDatabaseUsersService(deps);

  async function prefixFor(domain: DomainRef): Promise<string> {
    try {
      // A candidate is checked on the node of the domain asking for it.
      return await customerPrefix(
        { store, server: server(domain.node), now: () => clock.now() },
        domain.customerId,
        domain.name,
      );
    } catch (error) {
      throw fromServer(error);
    }
  }

  /** Whether the node's MariaDB answers; a node that does not answer is a no. */
  const alive = (node: NodeName) =>
    server(node)
      .ping()
      .catch(() => false);

  /** Sizes from the node's server, or null for all when it cannot be reached. */
  async function sizesOf(node: NodeName, names: string[]): Promise<Map<string, number> | null> {
    // With nothing to measure, still ask: the screens say whether the server can be reached.
    if (names.length === 0) return (await alive(node)) ? new Map() : null;
    try {
      return await server(node).sizes(names);
    } catch {
      return null;
    }
  }

  async function createOnServer(domain: DomainRef, name: string): Promise<number> {
    const reservation = await store.reserveDatabase(domain.id, name, clock.now());
    if (!reservation.ok)
      throw reservation.reason === 'max' ? conflict('max_databases') : conflict('database_exists');
    try {
      await server(domain.node).ensureDatabase(name, { exclusive: true });
    } catch (error) {
      await store.deleteDatabase(reservation.id);
      throw fromServer(error, 'database_exists');
    }
    return reservation.id;
  }

  return {
    users,

    async list(domain: DomainRef): Promise<databases.DatabaseList> {
      // The list and the prefix side by side (one wait on PostgreSQL); a customer without a prefix
      // yet gets one once the server answers.
      const [rows, stored] = await Promise.all([
        store.databases(domain.id),
        store.prefixOf(domain.customerId),
      ]);
      const sizes = await sizesOf(
        domain.node,
        rows.map((r) => r.name),
      );
      const prefix = stored ?? (sizes ? await prefixFor(domain).catch(() => null) : null);
      return {
        prefix: prefix === null ? null : `${prefix}_`,
        max_databases: domain.maxDatabases,
        available: sizes !== null,
        databases: rows.map((r) => ({
          name: r.name,
          size: sizes?.get(r.name) ?? null,
          users: Number(r.users),
          created_at: iso(r.created_at),
        })),
      };
    },

    async detail(domain: DomainRef, name: string): Promise<databases.DatabaseDetail> {
      const row = await users.ownDatabase(domain, name);
      const list = await store.users(row.id);
      const sizes = await sizesOf(domain.node, [row.name]);
      return {
        database: {
          name: row.name,
          size: sizes?.get(row.name) ?? null,
          users: list.length,
          created_at: iso(row.created_at),
        },
        users: list.map(toUser),
        available: sizes !== null,
        connection,
      };
    },

    /** A further user of an existing database (its prefix was handed out with the database). */
    async addUser(
      domain: DomainRef,
      databaseName: string,
      body: { name: string; password: string },
    ) {
      return users.add(domain, databaseName, await prefixFor(domain), body);
    },

    /**
     * A database and, when asked, its first user. Everything that can be judged up front is
     * judged before anything is made; a first user that still fails leaves the database (the
     * specs continue to its detail) and answers the `passed_` variant of the user's error.
     */
    async create(
      domain: DomainRef,
      body: { name: string; username?: string | undefined; password?: string | undefined },
    ) {
      users.assertWritable(domain);
      const prefix = await prefixFor(domain);
      const name = `${prefix}_${body.name}`;
      if (name.length > databases.DATABASE_NAME_MAX)
        throw invalid('invalid_name', { name: 'too_long' });
      const first =
        body.username !== undefined && body.password !== undefined
          ? {
              name: await users.checkNewUser(domain, prefix, body.username, body.password),
              password: body.password,
            }
          : null;
      const id = await createOnServer(domain, name);
      const database = { name, size: 0, users: 0, created_at: iso(clock.now()) };
      if (!first) return { database, user: null };
      try {
        const user = await users.addTo(
          domain,
          { id, domain_id: domain.id, name, created_at: clock.now() },
          first.name,
          first.password,
        );
        return { database: { ...database, users: 1 }, user };
      } catch (error) {
        const e = fromServer(error);
        if (!isAppError(e)) throw e;
        throw fail(databases.passedError(e.code), e.kind, e.fields, { cause: e.cause ?? e });
      }
    },

    /** Users first (their access ends), then the database; each step is written as it happens. */
    async remove(domain: DomainRef, name: string): Promise<void> {
      users.assertWritable(domain);
      const row = await users.ownDatabase(domain, name);
      const node = server(domain.node);
      try {
        for (const user of await store.users(row.id)) {
          await node.dropUser(user.name);
          await store.deleteUser(user.id);
        }
        await node.dropDatabase(row.name);
      } catch (error) {
        throw fromServer(error);
      }
      await store.deleteDatabase(row.id);
    },

    /** A single-use ticket for the download; the server is asked first so the browser gets no error page. */
    async downloadTicket(
      domain: DomainRef,
      name: string,
    ): Promise<{ ticket: string; expires_at: string }> {
      const row = await users.ownDatabase(domain, name);
      assertDumpable(domain.node);
      if (!(await alive(domain.node))) throw fail('unavailable', 'unavailable');
      const ticket = randomToken(32);
      const now = clock.now();
      await store.insertTicket(sha256Hex(ticket), row.id, now, now + TICKET_MS);
      return { ticket, expires_at: iso(now + TICKET_MS) };
    },

    /** Redeems a ticket for exactly this domain and database, then streams the dump. */
    async download(
      domainName: string,
      name: string,
      ticket: string,
      signal: AbortSignal,
    ): Promise<DatabaseFile> {
      const databaseId = await store.redeemTicket(sha256Hex(ticket), clock.now());
      const row = databaseId === undefined ? undefined : await store.databaseById(databaseId);
      if (!row || row.name !== name || row.domain !== domainName.toLowerCase()) throw notFound();
      assertDumpable(row.node);
      let stream: Readable;
      try {
        stream = await server(row.node).dump(row.name, { signal });
      } catch (error) {
        throw fromServer(error);
      }
      const day = iso(clock.now()).slice(0, 10);
      return {
        stream,
        filename: `${row.name}-${day}.sql`,
        contentType: 'application/sql; charset=utf-8',
      };
    },

    /**
     * Re-applies the desired state: databases that should exist, and the grants of users that
     * exist. A user missing on the server cannot be remade (MariaDB kept its password): it is
     * reported so the customer can set a new password or delete it.
     */
    async reconcile(
      domain: DomainRef,
    ): Promise<{ databases: number; created: string[]; users: number; missingUsers: string[] }> {
      const rows = await store.databases(domain.id);
      const missingUsers: string[] = [];
      const created: string[] = [];
      let granted = 0;
      const node = server(domain.node);
      for (const row of rows) {
        if (!(await node.databaseExists(row.name))) {
          await node.ensureDatabase(row.name);
          created.push(row.name);
        }
        for (const user of await store.users(row.id)) {
          if (!(await node.userExists(user.name))) {
            missingUsers.push(user.name);
            continue;
          }
          await node.grant(user.name, row.name);
          granted += 1;
        }
      }
      return { databases: rows.length, created, users: granted, missingUsers };
    },
  };
}
export type DatabasesService = ReturnType<typeof createDatabasesService>;
