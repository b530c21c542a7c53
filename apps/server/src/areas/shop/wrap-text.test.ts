import { describe, expect, it } from 'vitest';
import { wrap } from './wrap-text.ts';

const chars = (s: string) => s.length;

describe('wrapping an invoice line', () => {
  it('breaks between words, keeps short text whole and cuts a word wider than the column', () => {
    expect(wrap('SiteBuilder Pro (upgrade van SiteBuilder Lite)', 20, chars)).toEqual([
      'SiteBuilder Pro',
      '(upgrade van',
      'SiteBuilder Lite)',
    ]);
    expect(wrap('Spamfilter', 20, chars)).toEqual(['Spamfilter']);
    expect(wrap('a'.repeat(30), 10, chars)).toEqual(['a'.repeat(10)]);
    expect(wrap('', 10, chars)).toEqual(['']);
  });
});
