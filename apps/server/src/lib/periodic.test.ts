import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.ts';

describe('startPeriodic', () => {
  afterEach(() => vi.useRealTimers());
  const log = { warn: vi.fn() };

  it('runs each task on its interval, at start when asked, and never twice at once', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    let runs = 0;
    const slow = {
      area: 'a',
      name: 'slow',
      everyMs: 100,
      atStart: true,
      run: () => {
        runs++;
        return new Promise<void>((resolve) => (release = resolve));
      },
    };
    const p = startPeriodic([slow], log);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(350);
    expect(runs).toBe(1); // still busy: the due runs are skipped, not stacked
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    release();
    await p.stop();
  });

  it('logs a failure with the area and the task, and keeps running; off when everyMs <= 0', async () => {
    vi.useFakeTimers();
    let failing = 0;
    let off = 0;
    const p = startPeriodic(
      [
        {
          area: 'ssl',
          name: 'renew',
          everyMs: 50,
          run: () => (failing++, Promise.reject(new Error('x'))),
        },
        { area: 'logs', name: 'sweep', everyMs: 0, atStart: true, run: async () => void off++ },
      ],
      log,
    );
    await vi.advanceTimersByTimeAsync(160);
    expect(failing).toBe(3);
    expect(off).toBe(0);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ area: 'ssl', task: 'renew' }),
      'periodic task failed',
    );
    await p.stop();
  });

  it('waits for a run in progress when stopped', async () => {
    let finish: () => void = () => undefined;
    const p = startPeriodic(
      [
        {
          area: 'a',
          name: 'b',
          everyMs: 1000,
          atStart: true,
          run: () => new Promise<void>((resolve) => (finish = resolve)),
        },
      ],
      log,
    );
    let stopped = false;
    const stopping = p.stop().then(() => (stopped = true));
    // Every promise already settled has run its callbacks by the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });
});
