import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Why a database-server operation failed, in Haven's terms:
 * - `unavailable`: the server cannot be reached, or refuses the provisioning account;
 * - `exists`: an exclusive create met a database or user that is already there (anyone's);
 * - `not_found`: the database to dump is not on the server;
 * - `rejected`: the server refused the password (a password validation plugin);
 * - `failed`: anything else.
 */
export type DatabaseServerFailure = 'unavailable' | 'exists' | 'not_found' | 'rejected' | 'failed';

export class DatabaseServerError extends Error {
  constructor(
    readonly reason: DatabaseServerFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseServerError';
  }
}

export interface CreateOptions {
  /**
   * Fail with `exists` when the object is already on the server instead of adopting it: a new
   * name must never take over a database or user someone else made. Reconcile passes false.
   */
  exclusive?: boolean;
}

/**
 * A login's password as the panel hands it to a node: MariaDB's mysql_native_password hash
 * (`*` + 40 upper-case hex), never the text, so the outbox and the bus never hold a password.
 */
export interface DbPassword {
  nativeHash: string;
}

/** The hash of a password as a login's `DbPassword` (`*` + SHA1(SHA1(password)), upper hex). */
export function dbPassword(password: string): DbPassword {
  const inner = createHash('sha1').update(password, 'utf8').digest();
  return { nativeHash: `*${createHash('sha1').update(inner).digest('hex').toUpperCase()}` };
}

/** Whether a hash has the one shape MariaDB's account statements may inline. */
export const isNativeHash = (hash: string): boolean => /^\*[0-9A-F]{40}$/.test(hash);

/**
 * Customer databases and their users on a MariaDB/MySQL server. Every name passed in is a full
 * server-side name that has passed the contract's pattern; implementations check it again
 * before it reaches SQL or argv.
 */
export interface DatabaseServer {
  /** Whether the server answers: a cheap round trip, or a query it answered within the last second. */
  ping(): Promise<boolean>;
  /** Creates the database (utf8mb4). */
  ensureDatabase(name: string, options?: CreateOptions): Promise<void>;
  /** Whether the database is on the server (reconcile reports one it had to make again). */
  databaseExists(name: string): Promise<boolean>;
  /** Removes the database and everything in it; absent is fine. */
  dropDatabase(name: string): Promise<void>;
  /** Creates a login with this password and no privileges yet. */
  ensureUser(name: string, password: DbPassword, options?: CreateOptions): Promise<void>;
  /** Whether a login of this name exists on the server, from any host. */
  userExists(name: string): Promise<boolean>;
  setPassword(name: string, password: DbPassword): Promise<void>;
  /** Removes the login; absent is fine. */
  dropUser(name: string): Promise<void>;
  /** All privileges on this one database (never a wildcard match of others), no GRANT OPTION. */
  grant(user: string, database: string): Promise<void>;
  /** Bytes (data + indexes) per database; databases without tables are 0. */
  sizes(names: readonly string[]): Promise<Map<string, number>>;
  /** Whether any database or login on the server starts with `<prefix>_`. */
  prefixInUse(prefix: string): Promise<boolean>;
  /**
   * A consistent SQL dump of one database (one transaction), streamed. Resolves once the dump
   * has started, so a server that cannot be reached is an error before any byte is sent; a
   * failure later errors the stream.
   */
  dump(name: string, options: { signal: AbortSignal }): Promise<Readable>;
  close(): Promise<void>;
}
