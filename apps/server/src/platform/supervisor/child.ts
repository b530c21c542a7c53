import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

export interface Child {
  pid: number;
  /** Resolves when the main process has exited (with the code, or the signal that ended it). */
  exited: Promise<string>;
  exitedYet(): boolean;
}

/**
 * Starts a service in the foreground in a process group of its own (detached: the group id is
 * its pid), its output appended to `logFile`. A group lets Haven end the service and every
 * worker it forked at once, including workers a SIGKILLed master leaves behind.
 */
export function startChild(
  cmd: string,
  args: readonly string[],
  logFile: string,
  setpriv: string | null,
): Child {
  // Root's (Haven's) alone: a service's output mixes every site's and mailbox's.
  const fd = openSync(logFile, 'a', 0o600);
  // setpriv (util-linux) asks the kernel to send SIGTERM to the service when Haven dies, even by
  // SIGKILL; setpriv then execs the service, so the pid stays the service's own.
  const argv = setpriv ? [setpriv, '--pdeathsig', 'TERM', '--', cmd, ...args] : [cmd, ...args];
  let child;
  try {
    child = spawn(argv[0] ?? cmd, argv.slice(1), {
      stdio: ['ignore', fd, fd],
      detached: true,
      shell: false,
    });
  } finally {
    closeSync(fd);
  }
  let done = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve(signal ? `killed by ${signal}` : `exit code ${code ?? '?'}`);
    });
    child.once('error', (error) => {
      done = true;
      resolve(error.message);
    });
  });
  if (child.pid === undefined) return { pid: 0, exited, exitedYet: () => true };
  return { pid: child.pid, exited, exitedYet: () => done };
}

/** Signals a whole process group; false when nothing of it is left. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  if (pid <= 1) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether a process runs (a zombie no longer does, though it still takes signals). */
export function processAlive(pid: number): boolean {
  if (pid <= 1) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return true;
  }
}

/**
 * Whether any process of the group is alive. On Linux from /proc, because a zombie (an orphaned
 * worker its new parent has not reaped yet) still takes signals but holds nothing.
 */
export async function groupAlive(pgid: number): Promise<boolean> {
  if (!signalGroup(pgid, 0)) return false;
  const names = await readdir('/proc').catch(() => null);
  if (!names) return true;
  const states = await Promise.all(
    names
      .filter((n) => /^[0-9]+$/.test(n))
      .map(async (name) => {
        const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
        // After the command's closing parenthesis: state, ppid, pgrp.
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(pgrp) === pgid && state !== 'Z' && state !== 'X';
      }),
  );
  return states.includes(true);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGTERM to the group, SIGKILL after `timeoutMs`; resolves when no process of it is left. */
export async function stopGroup(child: Child, timeoutMs: number): Promise<void> {
  signalGroup(child.pid, 'SIGTERM');
  const end = Date.now() + timeoutMs;
  while ((await groupAlive(child.pid)) && Date.now() < end) await sleep(50);
  if (await groupAlive(child.pid)) signalGroup(child.pid, 'SIGKILL');
  await Promise.race([child.exited, sleep(2000)]);
  while ((await groupAlive(child.pid)) && Date.now() < end + 3000) await sleep(50);
}
