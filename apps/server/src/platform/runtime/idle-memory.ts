import { performance } from 'node:perf_hooks';
import { v8Gc } from './v8-gc.ts';

/**
 * After a burst of requests V8 keeps a heap about four times what is live, and its memory reducer
 * waits minutes (it judges the allocation rate over the burst's samples) before giving it back:
 * RSS stayed at 310-330 MB for over a minute after the API mix with 55 MB live. Once the panel has
 * been idle for a whole check, one memory-reducing collection gives it back (RSS -> ~170 MB, a
 * 140-220 ms pause taken while no request is being served), then glibc's free pages go back too
 * (native-heap.ts): 140 MB. The first idle check after start does the same for what loading and
 * migrating left (149 -> 125 MB at rest). docs/performance.md, sessions 14 and 15.
 */
export interface IdleMemoryPolicy {
  /** How often the event loop's use is read. */
  checkEveryMs: number;
  /** The loop counts as idle below this share of busy time over one check. */
  idleBelow: number;
  /** Release only when the resident size grew this much since start or the last release. */
  grownBytes: number;
}

export const IDLE_MEMORY_POLICY: IdleMemoryPolicy = {
  checkEveryMs: 5_000,
  idleBelow: 0.01,
  grownBytes: 32 * 1024 * 1024,
};

/**
 * One check's reading: the loop's busy share since the last check and the resident size (V8's
 * heap alone missed what glibc held: after V8's own reducer ran, 55 MB of free C heap stayed).
 */
export interface IdleReading {
  utilization: number;
  rss: number;
}

/** Whether to release now, given the resident size right after the last release (or at start). */
export function shouldRelease(
  reading: IdleReading,
  rssAfterLast: number,
  policy: IdleMemoryPolicy = IDLE_MEMORY_POLICY,
): boolean {
  return reading.utilization < policy.idleBelow && reading.rss - rssAfterLast >= policy.grownBytes;
}

/** A collection that shrinks the heap and gives its free pages back, as under memory pressure. */
export type ReduceMemory = () => void;

/** A memory-reducing collection of V8's (as under memory pressure): shrinks the heap it keeps. */
export function v8ReduceMemory(): ReduceMemory {
  const gc = v8Gc();
  return () => gc({ type: 'major', flavor: 'last-resort' });
}

export interface IdleMemoryDeps {
  reduce: ReduceMemory;
  /** Gives the C heap's free pages back (native-heap.ts); after `reduce`, which frees native memory. */
  trim?: () => void;
  rss: () => number;
  /** The loop's busy share since the previous call (first call: since start). */
  utilization: () => number;
  onRelease?: (before: number, after: number, ms: number) => void;
}

/** Node's readings: event loop utilization between checks, the resident size. */
export function processReadings(): Pick<IdleMemoryDeps, 'rss' | 'utilization'> {
  let last = performance.eventLoopUtilization();
  return {
    rss: () => process.memoryUsage.rss(),
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
  // 0: the first idle check after start releases too (what loading and migrating left behind).
  let rssAfterLast = 0;
  const check = () => {
    const reading = { utilization: deps.utilization(), rss: deps.rss() };
    if (!shouldRelease(reading, rssAfterLast, policy)) return;
    const started = performance.now();
    deps.reduce();
    deps.trim?.();
    rssAfterLast = deps.rss();
    deps.onRelease?.(reading.rss, rssAfterLast, performance.now() - started);
  };
  const timer = setInterval(check, policy.checkEveryMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
