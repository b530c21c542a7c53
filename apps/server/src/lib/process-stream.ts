import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface StreamOptions {
  /** The whole run, output included; the process is killed after it. */
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Kills the process when aborted (the client went away). */
  signal?: AbortSignal;
  /** Largest stderr kept, in bytes (the rest is dropped). */
  maxStderr?: number;
}

export interface ProcessExit {
  /** null when the process was killed by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  timedOut: boolean;
}

interface Launched {
  child: ChildProcess;
  exit: Promise<ProcessExit>;
  kill: () => void;
}

function launch(command: string, args: readonly string[], options: StreamOptions): Launched {
  const child = spawn(command, [...args], {
    shell: false,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? process.env,
    cwd: options.cwd,
  });
  const maxStderr = options.maxStderr ?? 64 * 1024;
  let stderr = '';
  let timedOut = false;
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    if (stderr.length < maxStderr) stderr += chunk.slice(0, maxStderr - stderr.length);
  });

  const kill = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // A process that ignores SIGTERM still goes.
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.timeoutMs);
  const onAbort = () => kill();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) kill();

  const exit = new Promise<ProcessExit>((resolve, reject) => {
    child.once('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new Error(`${command} could not be started`, { cause: error }));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ code, signal, stderr, timedOut });
    });
  });
  // The caller may look at `exit` only after reading stdout; a start failure must not go unhandled meanwhile.
  exit.catch(() => {});
  return { child, exit, kill };
}

/**
 * Like `run()` (argv array, never a shell, a timeout) for output too large to buffer (a
 * database dump): stdout is handed over as a stream; stderr is kept (bounded) for the error.
 */
export function spawnStream(
  command: string,
  args: readonly string[],
  options: StreamOptions,
): Pick<Launched, 'exit' | 'kill'> & { stdout: Readable } {
  const { child, exit, kill } = launch(command, args, options);
  return { stdout: child.stdout!, exit, kill };
}
