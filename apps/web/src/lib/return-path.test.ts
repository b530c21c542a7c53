import { describe, expect, it } from 'vitest';
import { returnState, returnTarget } from './return-path.ts';

describe('return path through the login', () => {
  it('keeps the asked path with its query', () => {
    expect(returnState('/upgrade/a.nl/success', '?transaction=x')).toEqual({
      from: '/upgrade/a.nl/success?transaction=x',
    });
    expect(returnState('/', '')).toBeUndefined();
  });

  it('goes back only to a path of this site', () => {
    expect(returnTarget({ from: '/mail/a.nl' }, '/dashboard')).toBe('/mail/a.nl');
    expect(returnTarget({ from: '//evil.example/x' }, '/dashboard')).toBe('/dashboard');
    expect(returnTarget({ from: '/\\evil.example' }, '/dashboard')).toBe('/dashboard');
    expect(returnTarget({ from: 'https://evil.example' }, '/dashboard')).toBe('/dashboard');
    expect(returnTarget(null, '/dashboard')).toBe('/dashboard');
  });
});
