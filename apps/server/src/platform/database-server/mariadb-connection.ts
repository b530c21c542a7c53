import { DatabaseServerError } from './database-server.port.ts';

/** Where the provisioning account connects, parsed from `MARIADB_URL`. */
export interface MariadbTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  /** A unix socket instead of TCP (`?socket=/run/mysqld/mysqld.sock`). */
  socketPath: string | undefined;
}

/** `mysql://user:password@host:port[?socket=/path]`; `mariadb://` is accepted too. */
export function parseMariadbUrl(url: string): MariadbTarget {
  const parsed = new URL(url);
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new Error('MARIADB_URL must start with mysql:// or mariadb://');
  }
  const socket = parsed.searchParams.get('socket');
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username) || 'root',
    password: decodeURIComponent(parsed.password),
    socketPath: socket ?? undefined,
  };
}

/** Client error codes that mean "the server is not there" (or refuses Haven's own account). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'POOL_CLOSED',
  'ER_ACCESS_DENIED_ERROR',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_TOO_MANY_USER_CONNECTIONS',
]);

interface DriverError {
  code?: unknown;
  errno?: unknown;
}

/** Maps a driver error to Haven's failure reasons; the original stays as the cause. */
export function classify(error: unknown, what: string): DatabaseServerError {
  if (error instanceof DatabaseServerError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as DriverError;
  const code = typeof e.code === 'string' ? e.code : '';
  const errno = typeof e.errno === 'number' ? e.errno : 0;
  if (UNAVAILABLE_CODES.has(code)) {
    return new DatabaseServerError('unavailable', `${what}: database server unavailable`, {
      cause: error,
    });
  }
  // 1007 database exists, 1396 "operation CREATE USER failed" (the login exists).
  if (errno === 1007 || errno === 1396)
    return new DatabaseServerError('exists', `${what}: already exists`, { cause: error });
  if (errno === 1049)
    return new DatabaseServerError('not_found', `${what}: unknown database`, { cause: error });
  // 1819 not a valid password (validation plugin), 1290 strict password validation refuses a hash.
  if (errno === 1819 || errno === 1290)
    return new DatabaseServerError('rejected', `${what}: password refused`, { cause: error });
  return new DatabaseServerError('failed', `${what} failed`, { cause: error });
}

/** The same for a `mariadb-dump` that ended badly, judged by its "Got error: NNNN" line. */
export function classifyDumpFailure(stderr: string, what: string): DatabaseServerError {
  const errno = Number(/Got error: (\d+)/.exec(stderr)?.[1] ?? 0);
  const message = `${what}: ${stderr.trim().split('\n').pop() ?? 'failed'}`;
  // 2002/2003/2005/2006/2013: no server, no route, unknown host, gone away, lost; 1045: refused.
  if ([2002, 2003, 2005, 2006, 2013, 1045, 1040].includes(errno))
    return new DatabaseServerError('unavailable', message);
  if (errno === 1049) return new DatabaseServerError('not_found', message);
  return new DatabaseServerError('failed', message);
}
