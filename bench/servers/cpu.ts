// CPU time read from /proc, to say per request what the panel, PostgreSQL and the whole machine
// spent (the load generator shares the cores, so the machine's figure includes it).
import { readdirSync, readFileSync } from 'node:fs';

/** A process's CPU time so far in ms (user + system; 100 ticks a second), 0 once it has gone. */
export function processCpuMs(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The CPU time of every running PostgreSQL process (server and backends) in ms. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        total += processCpuMs(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
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
