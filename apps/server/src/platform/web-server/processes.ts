import { readFile } from 'node:fs/promises';
import { hasCommand, run } from '../../lib/process.ts';

/** The pid in a pid file when that process is alive, else null. */
export async function runningPid(pidFile: string): Promise<number | null> {
  const text = await readFile(pidFile, 'utf8').catch(() => '');
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 1) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

const known = new Map<string, Promise<boolean>>();
/** Whether a checker binary exists here (asked once per process). */
export function available(binary: string, args: readonly string[]): Promise<boolean> {
  let p = known.get(binary);
  if (!p) {
    p = hasCommand(binary, args);
    known.set(binary, p);
  }
  return p;
}

/** Runs a checker; answers null when it accepts, its output when it refuses. */
export async function check(binary: string, args: readonly string[]): Promise<string | null> {
  const res = await run(binary, args, { timeoutMs: 30_000 });
  return res.code === 0 ? null : `${res.stderr}${res.stdout}`.trim() || `exit ${res.code}`;
}
