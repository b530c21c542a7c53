import { execFile } from 'node:child_process';

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number;
}

export interface RunOptions {
  timeoutMs?: number;
  input?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Largest output kept, in bytes. */
  maxBuffer?: number;
}

/**
 * The only way Haven starts a process: an argv array (never a shell string) with a timeout.
 * Resolves with the exit code instead of throwing, so callers decide what a failure means.
 */
export function run(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      [...args],
      {
        timeout: options.timeoutMs ?? 30_000,
        maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024,
        env: options.env ?? process.env,
        cwd: options.cwd,
        shell: false,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          // ENOENT, a timeout kill or an oversized output: the process did not run to an exit code.
          reject(new Error(`${command} did not run to an exit code`, { cause: error }));
          return;
        }
        resolve({
          stdout: String(stdout),
          stderr: String(stderr),
          code: error ? Number(error.code) : 0,
        });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Whether an executable can be started (for optional checkers such as `nginx -t`). */
export async function hasCommand(
  command: string,
  versionArgs: readonly string[] = ['--version'],
): Promise<boolean> {
  try {
    await run(command, versionArgs, { timeoutMs: 5000 });
    return true;
  } catch {
    return false;
  }
}
