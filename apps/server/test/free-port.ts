import { createServer } from 'node:net';
import { threadId } from 'node:worker_threads';

/**
 * Ports for processes that must be told theirs before they start. Port 0 cannot serve them: the
 * OS hands a port it just freed to the next bind in any other test worker, and to outgoing
 * connections, so two test files' services met on one port under load (nginx answered by
 * another file's server). Instead each vitest worker hands out ports from its own slice below
 * Linux's ephemeral range (32768 up), in turn, each probed free, none twice until it has gone
 * round its slice. Anything Node listens on itself still takes port 0 directly.
 */
const FIRST = 20_000;
const SLICE = 600;
const SLICES = 20;
const worker = Number(process.env.VITEST_POOL_ID ?? threadId + process.pid) % SLICES;
const start = FIRST + worker * SLICE;
let next = Math.floor(Math.random() * SLICE);

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive ports, each free now and not handed out lately here. */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number> {
  for (let tries = 0; tries < SLICE; tries++) {
    if (next + count > SLICE) next = 0;
    const base = start + next;
    next += count;
    let free = true;
    for (let i = 0; i < count && free; i++) free = await isFree(base + i, host);
    if (free) return base;
  }
  throw new Error(`no ${count} free ports in ${start}-${start + SLICE - 1}`);
}

/** A port free now, for a process that must be told it (nginx, pure-ftpd, mariadbd...). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return freePorts(1, host);
}
