import { describe, expect, it } from 'vitest';
import {
  IDLE_MEMORY_POLICY,
  shouldRelease,
  startIdleMemoryRelease,
  v8ReduceMemory,
} from './idle-memory.ts';

const MB = 1024 * 1024;

describe('shouldRelease', () => {
  const grown = 100 * MB + IDLE_MEMORY_POLICY.grownBytes;
  it('releases only when the loop was idle and the process grew past the slack', () => {
    expect(shouldRelease({ utilization: 0.001, rss: grown }, 100 * MB)).toBe(true);
    expect(shouldRelease({ utilization: 0.3, rss: grown }, 100 * MB)).toBe(false);
    expect(shouldRelease({ utilization: 0.001, rss: grown - 1 }, 100 * MB)).toBe(false);
  });
});

describe('startIdleMemoryRelease', () => {
  it('collects and trims once after a busy spell, then not again until the process grows anew', () => {
    let heap = 60 * MB;
    let busy = 0;
    const releases: number[] = [];
    const steps: string[] = [];
    const idle = startIdleMemoryRelease({
      rss: () => heap,
      utilization: () => busy,
      reduce: () => {
        steps.push('collect');
        heap = 70 * MB;
      },
      trim: () => {
        steps.push('trim');
        heap = 58 * MB;
      },
      onRelease: (before) => releases.push(before),
    });
    busy = 0.9;
    heap = 200 * MB;
    idle.check(); // busy: no pause in the middle of the load
    expect(releases).toEqual([]);
    busy = 0;
    idle.check();
    expect(releases).toEqual([200 * MB]);
    expect(steps).toEqual(['collect', 'trim']);
    idle.check(); // idle on, nothing grew: no collection every check
    heap = 80 * MB;
    idle.check();
    expect(releases).toHaveLength(1);
    idle.stop();
  });
});

describe('startIdleMemoryRelease after start', () => {
  it('releases at the first idle check, what loading and migrating left behind', () => {
    let rss = 150 * MB;
    const releases: number[] = [];
    const idle = startIdleMemoryRelease({
      rss: () => rss,
      utilization: () => 0,
      reduce: () => (rss = 125 * MB),
      onRelease: (before) => releases.push(before),
    });
    idle.check();
    idle.check();
    expect(releases).toEqual([150 * MB]);
    idle.stop();
  });
});

describe('v8ReduceMemory', () => {
  it('gives back heap that garbage made V8 commit, without a global gc', () => {
    const reduce = v8ReduceMemory();
    let keep: number[][] = [];
    for (let i = 0; i < 400; i++) keep.push(new Array<number>(50_000).fill(i)); // ~160 MB live for a moment
    const grown = process.memoryUsage().heapTotal;
    keep = [];
    reduce();
    expect(keep).toHaveLength(0);
    expect(process.memoryUsage().heapTotal).toBeLessThan(grown - 64 * MB);
    expect('gc' in globalThis).toBe(false);
  });
});
