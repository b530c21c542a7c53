import type { Pool, RowDataPacket } from 'mysql2/promise';
import {
  DatabaseServerError,
  isNativeHash,
  type DatabaseServer,
  type DbPassword,
} from './database-server.port.ts';
import { classify, parseMariadbUrl } from './mariadb-connection.ts';
import { startDump } from './mariadb-dump.ts';
import { createRecentAnswer } from './recent-answer.ts';
import {
  account,
  checkDatabaseName,
  checkUserName,
  databaseIdent,
  grantTarget,
  prefixLike,
} from './mariadb-sql.ts';

export interface MariadbOptions {
  /** `MARIADB_URL`: the provisioning account, e.g. `mysql://haven:secret@127.0.0.1:3306`. */
  url: string;
  dumpCommand?: string;
  /** A dump longer than this is stopped (default 2 hours). */
  dumpTimeoutMs?: number;
  /** How long to wait for the server before calling it unavailable (default 3 s). */
  connectTimeoutMs?: number;
  /** A monotonic clock in ms (tests); `performance.now` by default. */
  now?: () => number;
}

const QUERY_TIMEOUT_MS = 30_000;
/** How long an answered query stands for a ping (see recent-answer.ts). */
export const PING_FRESH_MS = 1000;

/** The hash as it arrived over the bus, checked before it is inlined in an account statement. */
function checkedHash(password: DbPassword): string {
  if (!isNativeHash(password.nativeHash))
    throw new DatabaseServerError('rejected', 'a login password must be its native hash');
  return password.nativeHash;
}

/**
 * Customer databases on a MariaDB (or MySQL) server, driven through one provisioning account.
 * That account needs to create and drop databases and users and grant on them, e.g.
 *   CREATE USER 'haven'@'localhost' IDENTIFIED BY '...';
 *   GRANT ALL PRIVILEGES ON *.* TO 'haven'@'localhost' WITH GRANT OPTION;
 * Every name reaching SQL passed the contract's pattern and is checked and quoted again here;
 * values (sizes, lookups) go as placeholders, passwords as their hash (`DbPassword`, checked).
 */
export function createMariadbServer(options: MariadbOptions): DatabaseServer {
  const target = parseMariadbUrl(options.url);
  // The driver loads with the first query: a panel whose customers never open the database
  // screens does not carry it.
  let pool: Promise<Pool> | undefined;
  const getPool = () =>
    (pool ??= import('mysql2/promise').then(({ createPool }) => {
      const created = createPool({
        host: target.host,
        port: target.port,
        user: target.user,
        password: target.password,
        ...(target.socketPath ? { socketPath: target.socketPath } : {}),
        connectionLimit: 4,
        connectTimeout: options.connectTimeoutMs ?? 3000,
        multipleStatements: false,
        charset: 'utf8mb4_general_ci',
      });
      // An idle connection dropped by the server is not an application error; the next query reconnects.
      created.on('connection', (conn) => conn.on('error', () => {}));
      return created;
    }));

  const recent = createRecentAnswer({
    freshMs: PING_FRESH_MS,
    now: options.now ?? (() => performance.now()),
    check: () =>
      exec('ping', 'SELECT 1').then(
        () => true,
        () => false,
      ),
  });

  /** Values go as real placeholders (a prepared statement); statements without values as text. */
  async function exec(
    what: string,
    sql: string,
    values: (string | number)[] = [],
  ): Promise<RowDataPacket[]> {
    try {
      const db = await getPool();
      const [rows] =
        values.length > 0
          ? await db.execute<RowDataPacket[]>({ sql, values, timeout: QUERY_TIMEOUT_MS })
          : await db.query<RowDataPacket[]>({ sql, timeout: QUERY_TIMEOUT_MS });
      recent.answered();
      return rows;
    } catch (error) {
      const failure = classify(error, what);
      if (failure.reason === 'unavailable') recent.lost();
      throw failure;
    }
  }

  const hasAny = async (what: string, sql: string, values: string[]) =>
    (await exec(what, sql, values)).length > 0;
  const userExists = (name: string) =>
    hasAny('find user', 'SELECT 1 FROM mysql.user WHERE User = ? LIMIT 1', [checkUserName(name)]);

  return {
    ping: () => recent.alive(),

    async ensureDatabase(name, opts = {}) {
      const ifNot = opts.exclusive ? '' : 'IF NOT EXISTS ';
      await exec(
        'create database',
        `CREATE DATABASE ${ifNot}${databaseIdent(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
    },

    databaseExists: (name) =>
      hasAny(
        'find database',
        'SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ? LIMIT 1',
        [checkDatabaseName(name)],
      ),

    async dropDatabase(name) {
      await exec('drop database', `DROP DATABASE IF EXISTS ${databaseIdent(name)}`);
    },

    async ensureUser(name, password, opts = {}) {
      const hash = checkedHash(password);
      // A login of this name from any other host also counts: it is someone else's.
      if (opts.exclusive && (await userExists(name))) {
        throw new DatabaseServerError('exists', `create user ${name}: already exists`);
      }
      const ifNot = opts.exclusive ? '' : 'IF NOT EXISTS ';
      await exec(
        'create user',
        `CREATE USER ${ifNot}${account(name)} IDENTIFIED BY PASSWORD '${hash}'`,
      );
    },

    userExists,

    async setPassword(name, password) {
      await exec(
        'set password',
        `ALTER USER ${account(name)} IDENTIFIED BY PASSWORD '${checkedHash(password)}'`,
      );
    },

    async dropUser(name) {
      await exec('drop user', `DROP USER IF EXISTS ${account(name)}`);
    },

    async grant(user, database) {
      await exec('grant', `GRANT ALL PRIVILEGES ON ${grantTarget(database)} TO ${account(user)}`);
    },

    async sizes(names) {
      const result = new Map<string, number>(names.map((n) => [n, 0]));
      if (names.length === 0) return result;
      const marks = names.map(() => '?').join(',');
      const rows = await exec(
        'sizes',
        `SELECT table_schema AS name, COALESCE(SUM(data_length + index_length), 0) AS bytes
           FROM information_schema.tables WHERE table_schema IN (${marks}) GROUP BY table_schema`,
        [...names],
      );
      for (const row of rows) result.set(String(row.name), Number(row.bytes));
      return result;
    },

    async prefixInUse(prefix) {
      const like = prefixLike(prefix);
      return (
        (await hasAny(
          'find prefix',
          'SELECT 1 FROM information_schema.schemata WHERE schema_name LIKE ? LIMIT 1',
          [like],
        )) ||
        (await hasAny('find prefix', 'SELECT 1 FROM mysql.user WHERE User LIKE ? LIMIT 1', [like]))
      );
    },

    async dump(name, { signal }) {
      // mariadb-dump writes its header before it selects the database: ask first, so an unknown
      // database (or a server that is not there) is an answer instead of a cut-off file.
      const found = await hasAny(
        'find database',
        'SELECT 1 FROM information_schema.schemata WHERE schema_name = ?',
        [checkDatabaseName(name)],
      );
      if (!found) throw new DatabaseServerError('not_found', `dump of ${name}: unknown database`);
      return startDump(target, name, {
        signal,
        command: options.dumpCommand ?? 'mariadb-dump',
        timeoutMs: options.dumpTimeoutMs ?? 2 * 60 * 60_000,
      });
    },

    async close() {
      if (pool) await (await pool).end().catch(() => {});
    },
  };
}
