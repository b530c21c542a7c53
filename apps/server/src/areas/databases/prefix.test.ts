import { describe, expect, it } from 'vitest';
import { prefixBase, prefixCandidates } from './prefix.ts';

describe('database prefix', () => {
  it('takes the first label of the domain, without hyphens, at most 8 characters', () => {
    expect(prefixBase('bakkerij-devries.test')).toBe('bakkerij');
    expect(prefixBase('a-b.nl')).toBe('ab');
    expect(prefixBase('xn--bcher-kva.de')).toBe('xnbcherk');
    expect(prefixBase('123inkt.nl')).toBe('123inkt');
    expect(prefixBase('---.nl')).toBe('db');
  });

  it('tries the base, then numbered variants, never with an underscore', () => {
    const all = [...prefixCandidates('shop')];
    expect(all.slice(0, 3)).toEqual(['shop', 'shop2', 'shop3']);
    expect(all).toHaveLength(99);
    expect(all.every((p) => /^[a-z0-9]{1,10}$/.test(p))).toBe(true);
  });
});
