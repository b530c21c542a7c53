import { Readable } from 'node:stream';
import { spawnStream } from '../../lib/process-stream.ts';
import { DatabaseServerError } from './database-server.port.ts';
import { classifyDumpFailure, type MariadbTarget } from './mariadb-connection.ts';
import { checkDatabaseName } from './mariadb-sql.ts';

export interface DumpOptions {
  signal: AbortSignal;
  /** `mariadb-dump` (Debian's MariaDB) or `mysqldump`. */
  command: string;
  timeoutMs: number;
}

/** Argv of a consistent, restorable dump of one database; never the password. */
export function dumpArgs(target: MariadbTarget, name: string): string[] {
  return [
    // Only what Haven says counts: no my.cnf of the machine changes the connection or format.
    '--no-defaults',
    `--user=${target.user}`,
    ...(target.socketPath
      ? ['--protocol=SOCKET', `--socket=${target.socketPath}`]
      : ['--protocol=TCP', `--host=${target.host}`, `--port=${target.port}`]),
    // One transaction: InnoDB tables are dumped as of one moment, without locking the site out.
    '--single-transaction',
    '--quick',
    '--no-tablespaces',
    '--routines',
    '--triggers',
    '--events',
    '--hex-blob',
    '--default-character-set=utf8mb4',
    checkDatabaseName(name),
  ];
}

/** A child environment with the password in MYSQL_PWD (never argv, never a file). */
function dumpEnv(target: MariadbTarget): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' };
  if (target.password) env.MYSQL_PWD = target.password;
  return env;
}

/**
 * Starts `mariadb-dump` and answers its output once the first bytes are there: a server that
 * cannot be reached, or a database that is gone, is an error before the HTTP answer starts. The
 * stream ends only after the exit status was checked, so a dump that fails later fails the
 * download (an errored stream) instead of ending as a silently cut file.
 */
export async function startDump(
  target: MariadbTarget,
  name: string,
  options: DumpOptions,
): Promise<Readable> {
  const proc = spawnStream(options.command, dumpArgs(target, name), {
    timeoutMs: options.timeoutMs,
    env: dumpEnv(target),
    signal: options.signal,
  });
  const failure = async (): Promise<DatabaseServerError | null> => {
    let exit;
    try {
      exit = await proc.exit;
    } catch (error) {
      return new DatabaseServerError('failed', `${options.command} could not be started`, {
        cause: error,
      });
    }
    if (exit.code === 0) return null;
    if (exit.timedOut) return new DatabaseServerError('failed', `dump of ${name} timed out`);
    return classifyDumpFailure(exit.stderr, `dump of ${name}`);
  };

  const chunks: AsyncIterator<Buffer> = proc.stdout[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) {
    const error = await failure();
    if (error) throw error;
  }
  async function* body(): AsyncGenerator<Buffer> {
    let complete = false;
    try {
      for (let next = first; !next.done; next = await chunks.next()) yield next.value;
      complete = true;
    } finally {
      // The reader stopped early (the client went away): the dump has no one to go to.
      if (!complete) proc.kill();
    }
    const error = await failure();
    if (error) throw error;
  }
  return Readable.from(body(), { objectMode: false });
}
