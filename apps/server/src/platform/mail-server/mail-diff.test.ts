import { describe, expect, it } from 'vitest';
import { changedDomains } from './mail-diff.ts';

describe('changedDomains', () => {
  it('names the domains of lines added, changed or removed', () => {
    const before = 'a@x.test a@x.test\nb@y.test b@y.test\n@z.test c@y.test\n';
    const after = 'a@x.test a@x.test\nb@y.test b@y.test,d@w.test\n';
    expect(changedDomains(before, after, ' ')).toEqual(['y.test', 'z.test']);
    expect(changedDomains(after, after, ' ')).toEqual([]);
  });

  it('takes every domain of an absent file, and the key of a domains or passwd line', () => {
    expect(changedDomains(null, 'x.test OK\ny.test OK\n', ' ')).toEqual(['x.test', 'y.test']);
    expect(changedDomains('a@x.test:{ARGON2ID}h:8:8::/m::\n', '', ':')).toEqual(['x.test']);
  });
});
