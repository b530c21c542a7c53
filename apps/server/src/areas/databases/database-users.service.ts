import { databases, passwordProblems } from '@haven/contract';
import { notFound, invalid, conflict, forbidden } from './databases.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef } from '../../model/principal.ts';
import {
  dbPassword,
  type DatabaseServer,
} from '../../platform/database-server/database-server.port.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { DatabasesStore } from './databases.store.ts';
import { fromServer, undo } from './server-errors.ts';

export interface DatabaseUsersDeps {
  store: DatabasesStore;
  /** MariaDB on each node: a domain's databases live on its node's (`server(domain.node)`). */
  server: NodePorts<DatabaseServer>;
  clock: Clock;
  logger: Logger;
}

type DatabaseRow = NonNullable<Awaited<ReturnType<DatabasesStore['database']>>>;

const iso = (ms: number) => new Date(ms).toISOString();
export const toUser = (row: { name: string; created_at: number }): databases.DatabaseUser => ({
  name: row.name,
  created_at: iso(row.created_at),
});

/** Database users: a login with all privileges on its one database, and nothing else. */
export function createDatabaseUsersService(deps: DatabaseUsersDeps) {
  const { store, server, clock } = deps;
  const logUndo = (what: string) => (error: unknown) =>
    deps.logger.error({ err: error }, `databases: could not undo ${what}`);

  /** Databases are a hosting feature; an inactive plan changes nothing. */
  function assertWritable(domain: DomainRef): void {
    if (domain.package !== 'HOSTING' || !domain.active) throw forbidden();
  }

  /** The domain's own database; another customer's (or another domain's) is simply not found. */
  async function ownDatabase(domain: DomainRef, name: string): Promise<DatabaseRow> {
    const row = await store.database(domain.id, name);
    if (!row) throw notFound();
    return row;
  }

  function checkPassword(password: string, userPart: string): void {
    const problems = passwordProblems(password, { variant: 'service', username: userPart });
    if (problems.length > 0) throw invalid('invalid_password', { password: problems.join(',') });
  }

  /**
   * Everything about a new login that can be judged before anything is made: its full length,
   * its password, and whether the name is free in the panel and on the server (any host).
   */
  async function checkNewUser(
    domain: DomainRef,
    prefix: string,
    userPart: string,
    password: string,
  ): Promise<string> {
    const name = `${prefix}_${userPart}`;
    if (name.length > databases.DATABASE_USER_MAX)
      throw invalid('invalid_username', { username: 'too_long' });
    checkPassword(password, userPart);
    if (await store.userNameTaken(name)) throw conflict('user_exists');
    try {
      if (await server(domain.node).userExists(name)) throw conflict('user_exists');
    } catch (error) {
      throw fromServer(error, 'user_exists');
    }
    return name;
  }

  /**
   * Claims the name, creates the login, grants it this database. A failed step removes what the
   * earlier steps made; when that is impossible (the server went away) the row stays, so the
   * panel still says what exists and a delete or reconcile can finish the job.
   */
  async function addTo(
    domain: DomainRef,
    database: DatabaseRow,
    name: string,
    password: string,
  ): Promise<databases.DatabaseUser> {
    const node = server(domain.node);
    const now = clock.now();
    const id = await store.reserveUser(database.id, name, now);
    if (id === null) throw conflict('user_exists');
    try {
      await node.ensureUser(name, dbPassword(password), { exclusive: true });
    } catch (error) {
      await store.deleteUser(id);
      throw fromServer(error, 'user_exists');
    }
    try {
      await node.grant(name, database.name);
    } catch (error) {
      if (await undo(() => node.dropUser(name), logUndo(`user ${name}`)))
        await store.deleteUser(id);
      throw fromServer(error);
    }
    return toUser({ name, created_at: now });
  }

  async function ownUser(domain: DomainRef, databaseName: string, userName: string) {
    const database = await ownDatabase(domain, databaseName);
    const user = await store.user(database.id, userName);
    if (!user) throw notFound();
    return user;
  }

  return {
    assertWritable,
    ownDatabase,
    checkNewUser,
    addTo,

    async list(domain: DomainRef, databaseName: string): Promise<databases.DatabaseUser[]> {
      const database = await ownDatabase(domain, databaseName);
      return (await store.users(database.id)).map(toUser);
    },

    async add(
      domain: DomainRef,
      databaseName: string,
      prefix: string,
      body: { name: string; password: string },
    ) {
      assertWritable(domain);
      const database = await ownDatabase(domain, databaseName);
      const name = await checkNewUser(domain, prefix, body.name, body.password);
      return addTo(domain, database, name, body.password);
    },

    async changePassword(
      domain: DomainRef,
      databaseName: string,
      userName: string,
      password: string,
    ): Promise<void> {
      assertWritable(domain);
      const user = await ownUser(domain, databaseName, userName);
      checkPassword(password, user.name.slice(user.name.indexOf('_') + 1));
      try {
        // The node makes a login that went missing with this password (reconcile's advice):
        // granting again gives it back its database.
        await server(domain.node).setPassword(user.name, dbPassword(password));
        await server(domain.node).grant(user.name, databaseName);
      } catch (error) {
        throw fromServer(error);
      }
    },

    async remove(domain: DomainRef, databaseName: string, userName: string): Promise<void> {
      assertWritable(domain);
      const user = await ownUser(domain, databaseName, userName);
      try {
        await server(domain.node).dropUser(user.name);
      } catch (error) {
        throw fromServer(error);
      }
      await store.deleteUser(user.id);
    },
  };
}
export type DatabaseUsersService = ReturnType<typeof createDatabaseUsersService>;
