import { describe, expect, it } from 'vitest';
import { createRecentAnswer } from './recent-answer.ts';

/** A clock the test moves and a check that counts its round trips. */
function setup(result = true) {
  let now = 0;
  let checks = 0;
  let release: (() => void) | undefined;
  let hold = false;
  const recent = createRecentAnswer({
    freshMs: 1000,
    now: () => now,
    check: async () => {
      checks += 1;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      if (result) recent.answered();
      else recent.lost();
      return result;
    },
  });
  return {
    recent,
    checks: () => checks,
    at: (ms: number) => void (now = ms),
    holdChecks: () => void (hold = true),
    releaseCheck: () => release?.(),
  };
}

describe('recent answer of the database server', () => {
  it('asks the server the first time, then trusts an answer younger than freshMs', async () => {
    const t = setup();
    expect(await t.recent.alive()).toBe(true);
    t.at(999);
    expect(await t.recent.alive()).toBe(true);
    expect(t.checks()).toBe(1);
    t.at(1000);
    expect(await t.recent.alive()).toBe(true);
    expect(t.checks()).toBe(2);
  });

  it('counts any answered query, not only its own checks', async () => {
    const t = setup();
    t.at(5000);
    t.recent.answered();
    t.at(5500);
    expect(await t.recent.alive()).toBe(true);
    expect(t.checks()).toBe(0);
  });

  it('asks again at once after the server could not be reached', async () => {
    const t = setup();
    t.recent.answered();
    t.recent.lost();
    expect(await t.recent.alive()).toBe(true);
    expect(t.checks()).toBe(1);
  });

  it('says false when the check fails, and checks again on the next call', async () => {
    const t = setup(false);
    expect(await t.recent.alive()).toBe(false);
    expect(await t.recent.alive()).toBe(false);
    expect(t.checks()).toBe(2);
  });

  it('shares one check among askers that come while it is under way', async () => {
    const t = setup();
    t.holdChecks();
    const asks = [t.recent.alive(), t.recent.alive(), t.recent.alive()];
    await Promise.resolve();
    t.releaseCheck();
    expect(await Promise.all(asks)).toEqual([true, true, true]);
    expect(t.checks()).toBe(1);
  });
});
