import { describe, expect, it } from 'vitest';
import { pathWithDomain, resolveSelectedDomain } from './selected-domain.ts';

const domains = ['a.nl', 'b.nl', 'c.nl'];

describe('resolveSelectedDomain', () => {
  it('takes the route domain when it is one of the user domains', () => {
    expect(resolveSelectedDomain('b.nl', 'c.nl', domains)).toBe('b.nl');
  });

  it('falls back to the stored domain when the route has none or a foreign one', () => {
    expect(resolveSelectedDomain(undefined, 'c.nl', domains)).toBe('c.nl');
    expect(resolveSelectedDomain('other.nl', 'c.nl', domains)).toBe('c.nl');
  });

  it('falls back to the first domain when the stored one is gone', () => {
    expect(resolveSelectedDomain(undefined, 'gone.nl', domains)).toBe('a.nl');
    expect(resolveSelectedDomain(undefined, null, domains)).toBe('a.nl');
  });

  it('has no selection without domains', () => {
    expect(resolveSelectedDomain('a.nl', 'a.nl', [])).toBeUndefined();
  });
});

describe('pathWithDomain', () => {
  it('swaps the domain segment and keeps the rest of the route', () => {
    expect(pathWithDomain('/webhosting/a.nl/database/shop', 'a.nl', 'b.nl')).toBe(
      '/webhosting/b.nl/database/shop',
    );
    expect(pathWithDomain('/account/a.nl', 'a.nl', 'b.nl')).toBe('/account/b.nl');
  });

  it('keeps routes without a domain', () => {
    expect(pathWithDomain('/dashboard', undefined, 'b.nl')).toBe('/dashboard');
  });
});
