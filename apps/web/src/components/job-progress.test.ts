import { describe, expect, it } from 'vitest';
import { isFinished, pollDelayMs } from './job-progress.tsx';

describe('job polling', () => {
  it('waits n seconds before try n', () => {
    expect([1, 2, 3, 10].map(pollDelayMs)).toEqual([1000, 2000, 3000, 10_000]);
    expect(pollDelayMs(0)).toBe(1000);
  });

  it('stops on done and failed', () => {
    const job = {
      id: 'x',
      kind: 'zip',
      progress: 0,
      error: null,
      result: null,
      created_at: '',
      updated_at: '',
    };
    expect(isFinished({ ...job, state: 'running' })).toBe(false);
    expect(isFinished({ ...job, state: 'done' })).toBe(true);
    expect(isFinished({ ...job, state: 'failed' })).toBe(true);
  });
});
