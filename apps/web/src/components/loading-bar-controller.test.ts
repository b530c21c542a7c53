import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBarController, type ProgressActions } from './loading-bar-controller.ts';

function spyActions(): ProgressActions & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    start: () => log.push('start'),
    set: (value) => log.push(`set ${value}`),
    stop: () => log.push('stop'),
    hide: () => log.push('hide'),
    reset: () => log.push('reset'),
  };
}

describe('loading bar timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never shows for work that ends within 100 ms', () => {
    const actions = spyActions();
    const bar = createLoadingBarController(actions);
    bar.setPending(true);
    vi.advanceTimersByTime(99);
    bar.setPending(false);
    vi.advanceTimersByTime(2000);
    expect(actions.log).toEqual([]);
  });

  it('shows after 100 ms, holds 100 for 700 ms, hides and resets 250 ms later', () => {
    const actions = spyActions();
    const bar = createLoadingBarController(actions);
    bar.setPending(true);
    vi.advanceTimersByTime(100);
    expect(actions.log).toEqual(['start']);
    bar.setPending(false);
    expect(actions.log).toEqual(['start', 'stop', 'set 100']);
    vi.advanceTimersByTime(699);
    expect(actions.log).not.toContain('hide');
    vi.advanceTimersByTime(1);
    expect(actions.log.at(-1)).toBe('hide');
    vi.advanceTimersByTime(249);
    expect(actions.log).not.toContain('reset');
    vi.advanceTimersByTime(1);
    expect(actions.log.at(-1)).toBe('reset');
    expect(bar.phase).toBe('idle');
  });

  it('picks up new work while finishing without waiting again', () => {
    const actions = spyActions();
    const bar = createLoadingBarController(actions);
    bar.setPending(true);
    vi.advanceTimersByTime(150);
    bar.setPending(false);
    vi.advanceTimersByTime(300);
    bar.setPending(true);
    expect(actions.log.at(-1)).toBe('start');
    vi.advanceTimersByTime(2000);
    expect(actions.log).not.toContain('hide');
  });
});
