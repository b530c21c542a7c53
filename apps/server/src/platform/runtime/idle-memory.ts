import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * After a burst of requests V8 keeps a heap about four times what is live, and its memory reducer
 * waits minutes (it judges the allocation rate over the burst's samples) before giving it back:
 * RSS stayed at 310-330 MB for over a minute after the API mix with 55 MB live. Once the panel has
 * been idle for a whole check, one memory-reducing collection gives it back (RSS -> ~170 MB, a
 * 140-220 ms pause taken while no request is being served). docs/performance.md, session 14.
 */
export interface IdleMemoryPolicy {
  /** How often the event loop's use is read. */
  checkEveryMs: number;
  /** The loop counts as idle below this share of busy time over one check. */
  idleBelow: number;
  /** Collect only when V8's committed heap grew this much since start or the last collection. */
  grownBytes: number;
}

export const IDLE_MEMORY_POLICY: IdleMemoryPolicy = {
  checkEveryMs: 5_000,
  idleBelow: 0.01,
  grownBytes: 32 * 1024 * 1024,
};

/** One check's reading: the loop's busy share since the last check and V8's committed heap. */
export interface IdleReading {
  utilization: number;
  heapTotal: number;
}

/** Whether to collect now, given the committed heap right after the last collection (or at start). */
export function shouldRelease(
  reading: IdleReading,
  heapAfterLast: number,
  policy: IdleMemoryPolicy = IDLE_MEMORY_POLICY,
): boolean {
  return (
    reading.utilization < policy.idleBelow && reading.heapTotal - heapAfterLast >= policy.grownBytes
  );
}

/** A collection that shrinks the heap and gives its free pages back, as under memory pressure. */
export type ReduceMemory = () => void;

interface GcOptions {
  type: 'major';
  flavor: 'last-resort';
}

/**
 * V8's `gc` (the one `--expose-gc` adds), taken from a fresh context so no global `gc` appears in
 * the panel's own; the flag is turned off again at once. Node has no other call that reaches V8's
 * memory-pressure collection.
 */
export function v8ReduceMemory(): ReduceMemory {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: GcOptions) => void;
  setFlagsFromString('--no-expose-gc');
  return () => gc({ type: 'major', flavor: 'last-resort' });
}

export interface IdleMemoryDeps {
  reduce: ReduceMemory;
  heapTotal: () => number;
  /** The loop's busy share since the previous call (first call: since start). */
  utilization: () => number;
  onRelease?: (before: number, after: number, ms: number) => void;
}

/** Node's readings: event loop utilization between checks, V8's committed heap. */
export function processReadings(): Pick<IdleMemoryDeps, 'heapTotal' | 'utilization'> {
  let last = performance.eventLoopUtilization();
  return {
    heapTotal: () => process.memoryUsage().heapTotal,
    utilization: () => {
      const now = performance.eventLoopUtilization();
      const share = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      return share;
    },
  };
}

/** Checks on an unref'd timer (it never keeps the process alive); `stop` ends it. */
export function startIdleMemoryRelease(
  deps: IdleMemoryDeps,
  policy: IdleMemoryPolicy = IDLE_MEMORY_POLICY,
): { check(): void; stop(): void } {
  let heapAfterLast = deps.heapTotal();
  const check = () => {
    const reading = { utilization: deps.utilization(), heapTotal: deps.heapTotal() };
    if (!shouldRelease(reading, heapAfterLast, policy)) return;
    const started = performance.now();
    deps.reduce();
    heapAfterLast = deps.heapTotal();
    deps.onRelease?.(reading.heapTotal, heapAfterLast, performance.now() - started);
  };
  const timer = setInterval(check, policy.checkEveryMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
