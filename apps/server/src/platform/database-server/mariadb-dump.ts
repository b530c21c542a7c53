import { Transform, pipeline, type Readable } from 'node:stream';
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
 * output passes through a plain Transform (native backpressure, no per-chunk promises) whose end
 * waits for the exit status, so a dump that fails later destroys the stream instead of ending
 * as a silently cut file.
 */
export async function startDump(target: MariadbTarget, name: string, options: DumpOptions): Promise<Readable> {
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
      return new DatabaseServerError('failed', `${options.command} could not be started`, { cause: error });
    }
    if (exit.code === 0) return null;
    if (exit.timedOut) return new DatabaseServerError('failed', `dump of ${name} timed out`);
    return classifyDumpFailure(exit.stderr, `dump of ${name}`);
  };

  let started: () => void = () => {};
  const firstChunk = new Promise<'data'>((resolve) => (started = () => resolve('data')));
  const out = new Transform({
    highWaterMark: 256 * 1024,
    transform(chunk: Buffer, _encoding, callback) {
      started();
      callback(null, chunk);
    },
    flush(callback) {
      failure().then((error) => callback(error ?? undefined), callback);
    },
  });
  // The reader went away early (client closed): stop the dump instead of letting it run on.
  out.once('close', () => proc.kill());
  pipeline(proc.stdout, out, () => {});

  // The child's close waits for stdout to end, so a dump with output always passes a chunk first.
  if ((await Promise.race([firstChunk, proc.exit.then(() => 'exit' as const, () => 'exit' as const)])) === 'exit') {
    const error = await failure();
    if (error) {
      out.destroy();
      throw error;
    }
  }
  return out;
}
