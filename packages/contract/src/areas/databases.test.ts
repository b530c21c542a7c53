import { describe, expect, it } from 'vitest';
import { passwordProblems, passwordRulesOf } from '../password/policy.ts';
import {
  DATABASE_PART_MAX,
  DATABASE_USER_PART_MAX,
  createDatabaseBody,
  databaseNamePart,
  databaseParams,
  databaseUserParams,
  passedError,
} from './databases.ts';

describe('database names', () => {
  it('lower-cases and trims before judging', () => {
    expect(databaseNamePart.parse('  WordPress_2024 ')).toBe('wordpress_2024');
  });

  it.each([
    ['`x`', 'regex'],
    ["it's", 'regex'],
    ['a%', 'regex'],
    ['a-b', 'regex'],
    ['a b', 'regex'],
    ['_lead', 'regex'],
    ['bäcker', 'non_ascii'],
    ['数据', 'non_ascii'],
    ['', 'required'],
    ['a'.repeat(DATABASE_PART_MAX + 1), 'too_long'],
  ])('refuses %j with %s', (value, code) => {
    const result = databaseNamePart.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(code);
  });

  it('keeps the full names within the server limits', () => {
    expect(DATABASE_PART_MAX + 11).toBeLessThanOrEqual(64);
    expect(DATABASE_USER_PART_MAX + 11).toBeLessThanOrEqual(32);
  });

  it('accepts only full names in paths', () => {
    expect(databaseParams.safeParse({ domain: 'a.test', name: 'bakkerij_shop' }).success).toBe(
      true,
    );
    for (const name of [
      'shop',
      'bakkerij_`x',
      'BAKKERIJ_SHOP',
      'a_%',
      '../a_b',
      'a'.repeat(60) + '_abcd',
    ]) {
      expect(databaseParams.safeParse({ domain: 'a.test', name }).success, name).toBe(false);
    }
    expect(
      databaseUserParams.safeParse({ domain: 'a.test', name: 'x_y', user: 'x_' + 'u'.repeat(31) })
        .success,
    ).toBe(false);
  });
});

describe('create body', () => {
  it('needs user name and password together', () => {
    expect(createDatabaseBody.safeParse({ name: 'shop' }).success).toBe(true);
    expect(
      createDatabaseBody.safeParse({ name: 'shop', username: 'u', password: 'x' }).success,
    ).toBe(true);
    const lone = createDatabaseBody.safeParse({ name: 'shop', username: 'u' });
    expect(lone.error?.issues[0]?.path).toEqual(['password']);
  });
});

describe('passed_ codes', () => {
  it('maps a first-user failure to its passed_ variant', () => {
    expect(passedError('invalid_password')).toBe('passed_invalid_password');
    expect(passedError('user_exists')).toBe('passed_user_exists');
    expect(passedError('something_else')).toBe('passed_general');
  });
});

describe('service password variant', () => {
  it('asks one letter, one digit and one special character', () => {
    expect(passwordRulesOf('service')).toEqual([
      'length',
      'letter',
      'digit',
      'special',
      'ascii',
      'username',
    ]);
    expect(passwordProblems('alllowercase-123', { variant: 'service' })).toEqual([]);
    expect(passwordProblems('alllowercase-123')).toContain('upper');
    expect(passwordProblems('123456789012!', { variant: 'service' })).toEqual(['letter']);
    expect(passwordProblems('abcdefghijk12', { variant: 'service' })).toEqual(['special']);
    expect(passwordProblems('short-1', { variant: 'service' })).toEqual(['length']);
    expect(passwordProblems('met spatie 123!', { variant: 'service' })).toEqual(['ascii']);
    expect(
      passwordProblems('xx-shopuser-99', { variant: 'service', username: 'shopuser' }),
    ).toEqual(['username']);
    expect(passwordProblems('a', { variant: 'service', score: 0 })).not.toContain('weak');
  });
});
