import { afterEach, describe, expect, it, vi } from 'vitest';
import { skipWhenMissing } from './missing-tools.ts';

describe('skipWhenMissing: a missing tool skips on a developer machine, fails in CI', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs the test when nothing is missing, in CI or not', () => {
    expect(skipWhenMissing('nginx test', [false, null, undefined], { CI: 'true' })).toBe(false);
    expect(skipWhenMissing('nginx test', [], {})).toBe(false);
  });

  it('skips with one line naming what is missing outside CI', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(skipWhenMissing('supervisor test', ['dig', false, 'lftp'], {})).toBe(true);
    expect(skipWhenMissing('supervisor test', ['root'], { CI: 'false' })).toBe(true);
    expect(warn).toHaveBeenCalledWith('supervisor test skipped: missing dig, lftp');
  });

  it('throws in CI, naming the test and what is missing', () => {
    for (const CI of ['true', '1', 'yes'])
      expect(() => skipWhenMissing('supervisor test', ['dig', 'lftp'], { CI })).toThrow(
        /^supervisor test: missing dig, lftp\. In CI a test whose tool or service is missing fails/,
      );
  });
});
