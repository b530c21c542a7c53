import { access, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import { fpmValue } from './escape.ts';
import type { WebServerLayout } from './layout.ts';
import { runningPid } from './processes.ts';
import type { InstalledPhp } from './web-server.port.ts';

/**
 * One PHP-FPM master per domain and PHP version (local profile): a change reloads that domain's
 * master alone, so no other customer's running request is cut or held up (bench/node-1000.ts
 * measured a shared master's reload: every running request of every site 502, new ones held).
 * The masters daemonize: the CLI starts them too, and they outlive it.
 */

const MASTER = /^haven-d([0-9]+)\.conf$/;

/** Its running requests get this long to finish when the domain's own master reloads or stops. */
export const PROCESS_CONTROL_TIMEOUT = '30s';

export interface MasterFiles {
  conf: string;
  pid: string;
}

export function masterFiles(dir: string, domainId: number): MasterFiles {
  return {
    conf: join(dir, `haven-d${domainId}.conf`),
    pid: join(dir, `haven-d${domainId}.pid`),
  };
}

/** A domain's master: its own pid and log, its one pool file (written beside the others). */
export function renderMaster(dir: string, domainId: number, poolFile: string): string {
  return [
    '; Managed by Haven: the PHP-FPM master of one domain; every change here is overwritten.',
    '[global]',
    `pid = ${fpmValue(masterFiles(dir, domainId).pid)}`,
    `error_log = ${fpmValue(join(dir, `haven-d${domainId}.log`))}`,
    'daemonize = yes',
    `process_control_timeout = ${PROCESS_CONTROL_TIMEOUT}`,
    `include = ${fpmValue(poolFile)}`,
    '',
  ].join('\n');
}

/** Starts a master (it daemonizes once its pool listens) or has a running one re-read its config. */
export async function ensureMaster(php: InstalledPhp, files: MasterFiles): Promise<string | null> {
  const pid = await runningPid(files.pid);
  if (pid) {
    // USR2: the master finishes its running requests (process_control_timeout), then re-reads.
    process.kill(pid, 'SIGUSR2');
    return null;
  }
  return startMaster(php, files);
}

async function startMaster(php: InstalledPhp, files: MasterFiles): Promise<string | null> {
  // -R: as root the master may run; its pool switches to the domain's account.
  const res = await run(php.binary, ['-R', '-y', files.conf], { timeoutMs: 30_000 });
  return res.code === 0 ? null : `${res.stderr}${res.stdout}`.trim() || `exit ${res.code}`;
}

/**
 * Starts a domain's master that died (killed, out of memory; the caller knows it is not running),
 * unless its domain was removed meanwhile (no config); throws with what php-fpm said.
 */
export async function restartMaster(php: InstalledPhp, dir: string, id: number): Promise<void> {
  const files = masterFiles(dir, id);
  const removed = await access(files.conf).then(
    () => false,
    () => true,
  );
  if (removed) return;
  const problem = await startMaster(php, files);
  if (problem) throw new Error(problem);
}

/** Stops a domain's master (QUIT: running requests finish first) and removes its files. */
export async function removeMaster(dir: string, domainId: number): Promise<void> {
  const files = masterFiles(dir, domainId);
  // The config first: a master seen dead after this is not restarted (restartMaster).
  await rm(files.conf, { force: true });
  const pid = await runningPid(files.pid);
  if (pid) process.kill(pid, 'SIGQUIT');
  await rm(join(dir, `haven-d${domainId}.log`), { force: true });
}

/** The domains that have a master of this version (their config files). */
export async function masterDomains(dir: string): Promise<number[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.flatMap((n) => {
    const m = MASTER.exec(n);
    return m ? [Number(m[1])] : [];
  });
}

/** Whether the node runs PHP-FPM of this version (its supervised master): masters start then. */
export async function phpRunning(layout: WebServerLayout, version: string): Promise<boolean> {
  return (await runningPid(layout.php.pidFile(version))) !== null;
}

/**
 * Starts every domain master of a version that is not running (the node starts; a crash). A pool
 * without a master of its own (written when one master served them all) gets its master here.
 */
export async function startMasters(
  php: InstalledPhp,
  dir: string,
  poolDir: string,
): Promise<string[]> {
  const failed: string[] = [];
  const masters = new Set(await masterDomains(dir));
  for (const id of await masterDomains(poolDir)) {
    if (masters.has(id)) continue;
    const pool = join(poolDir, `haven-d${id}.conf`);
    await writeFileAtomic(masterFiles(dir, id).conf, renderMaster(dir, id, pool));
  }
  const ids = await masterDomains(dir);
  // A few at a time: each start takes ~0.1 s of CPU, a full node has a thousand.
  const next = async (): Promise<void> => {
    for (let id = ids.shift(); id !== undefined; id = ids.shift()) {
      const files = masterFiles(dir, id);
      if (await runningPid(files.pid)) continue;
      const problem = await ensureMaster(php, files);
      if (problem) failed.push(`haven-d${id}: ${problem}`);
    }
  };
  await Promise.all([next(), next(), next(), next()]);
  return failed;
}

/** Stops every domain master of a version and waits (up to `timeoutMs`) until they are gone. */
export async function stopMasters(dir: string, timeoutMs = 10_000): Promise<void> {
  const pids: number[] = [];
  for (const id of await masterDomains(dir)) {
    const pid = await runningPid(masterFiles(dir, id).pid);
    if (pid) pids.push(pid);
  }
  for (const pid of pids) process.kill(pid, 'SIGTERM');
  const end = Date.now() + timeoutMs;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (pids.some(alive) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
}
