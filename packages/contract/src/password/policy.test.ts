import { describe, expect, it } from 'vitest';
import { generatePassword, passwordProblems } from './policy.ts';
import { passwordScore } from './strength.ts';

describe('password policy', () => {
  it('accepts a strong password', () => {
    expect(passwordProblems('Zomer-Fiets-2026!', { username: 'beheer', score: 4 })).toEqual([]);
  });

  it.each([
    ['Sh0rt!x', 'length'],
    ['x'.repeat(30) + 'A1!xx', 'length'],
    ['NOLOWERCASE-123!', 'lower'],
    ['nouppercase-123!', 'upper'],
    ['No-Digits-Here!!', 'digit'],
    ['NoSpecial123abcd', 'special'],
    ['Spatie In Wachtwoord 1!', 'ascii'],
    ['Wachtwoord-é-123!', 'ascii'],
    ['Xx-beheer-2026!!', 'username'],
  ])('%s breaks %s', (pw, rule) => {
    expect(passwordProblems(pw, { username: 'Beheer' })).toContain(rule);
  });

  it('judges weakness only with a score', () => {
    expect(passwordProblems('Password123!', {})).toEqual([]);
    expect(passwordProblems('Password123!', { score: passwordScore('Password123!') })).toEqual([
      'weak',
    ]);
  });

  it('generates passwords of the asked length that pass the whole policy', () => {
    for (const length of [12, 20]) {
      // zxcvbn takes tens of milliseconds a password: a dozen each is enough to catch a bad generator.
      for (let i = 0; i < 12; i++) {
        const pw = generatePassword(length);
        expect(pw).toHaveLength(length);
        expect(passwordProblems(pw, { score: passwordScore(pw) })).toEqual([]);
      }
    }
  }, 60_000);
});
