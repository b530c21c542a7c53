// CPU time read from /proc, to say per request what the panel, PostgreSQL and the whole machine
// spent (the load generator shares the cores, so the machine's figure includes it).
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';

export interface ProcessCpu {
  ppid: number;
  /** The command's name as the kernel keeps it (`comm`, e.g. "postgres"). */
  name: string;
  /** CPU time so far in ms (user + system; 100 ticks a second). */
  ms: number;
}

/** One process's /proc/<pid>/stat, or null once it has gone. */
function readProcess(pid: number | string): ProcessCpu | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    return { ppid: Number(fields[1]), name, ms: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return null;
  }
}

/** Every running process by pid (one that ends while the list is read is left out). */
export function processes(): Map<number, ProcessCpu> {
  const all = new Map<number, ProcessCpu>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const p = readProcess(pid);
    if (p) all.set(Number(pid), p);
  }
  return all;
}

/** A process's CPU time so far in ms, 0 once it has gone. */
export const processCpuMs = (pid: number): number => readProcess(pid)?.ms ?? 0;

/** The CPU time of every running PostgreSQL process (server and backends) in ms. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const p of processes().values()) if (p.name === 'postgres') total += p.ms;
  return total;
}

/** The machine's busy CPU time so far in ms, all cores (everything but idle and iowait). */
export function machineBusyMs(): number {
  const ticks = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
}

/** Whether a process runs this node binary (its `comm` is the thread's name, e.g. MainThread). */
function runsNode(pid: number): boolean {
  try {
    return readlinkSync(`/proc/${pid}/exe`) === realpathSync(process.execPath);
  } catch {
    return false;
  }
}

/**
 * A cluster's primary and its workers: `root` and its children that run node (not the node
 * services a worker starts, such as the cron scheduler, which are its own children).
 */
export function clusterPids(root: number): number[] {
  const all = processes();
  return [
    root,
    ...[...all].filter(([pid, p]) => p.ppid === root && runsNode(pid)).map(([pid]) => pid),
  ];
}
