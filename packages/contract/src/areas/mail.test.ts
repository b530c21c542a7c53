import { describe, expect, it } from 'vitest';
import {
  aliasValid,
  mailAccountInput,
  mailNameProblem,
  mailSettingsInput,
  normalizeAlias,
} from './mail-values.ts';

describe('mail rules', () => {
  it('judges mailbox names: quotes, spaces, unicode, dots, length', () => {
    expect(mailNameProblem('info')).toBeNull();
    expect(mailNameProblem('first.last+tag')).toBeNull();
    for (const bad of ['"a"', 'a b', 'é', 'a..b', '.a', 'a.', 'a/b', '../x', 'a@b'])
      expect(mailNameProblem(bad), bad).toBe('regex');
    expect(mailNameProblem('a'.repeat(64))).toBeNull();
    expect(mailNameProblem('a'.repeat(65))).toBe('too_long');
    expect(mailNameProblem('')).toBe('required');
  });

  it('judges aliases as the specs say (spaces removed, RFC characters only)', () => {
    expect(normalizeAlias(' Sales Team ')).toBe('salesteam');
    expect(aliasValid("o'brien")).toBe(true);
    expect(aliasValid('a{b}|c~')).toBe(true);
    for (const bad of ['a..b', 'a,b', 'a:b', 'a"b', 'é', 'a@b', '.a', 'x'.repeat(65)])
      expect(aliasValid(bad), bad).toBe(false);
  });

  it('lower-cases, dedupes, and wants the repeat to match', () => {
    const ok = mailAccountInput.parse({
      name: ' Info ',
      password: 'Xy-12345678!a',
      passwordRepeat: 'Xy-12345678!a',
      forwarding: { address: ['A@Other.test', 'a@other.test'] },
      alias: ['Sales', 'sales'],
    });
    expect(ok).toMatchObject({
      name: 'info',
      forwarding: { address: ['a@other.test'] },
      alias: ['sales'],
      quota: 0,
    });
    const bad = mailAccountInput.safeParse({ ...ok, passwordRepeat: 'other', alias: ['a,b'] });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message);
    expect(messages).toContain('confirmed');
    expect(messages).toContain('mail.account.alias.invalid');
  });

  it('needs an address for a forwarding catch-all', () => {
    expect(
      mailSettingsInput.safeParse({ active: true, catch_all: 'forward', catch_all_address: null })
        .success,
    ).toBe(false);
    expect(
      mailSettingsInput.safeParse({ active: true, catch_all: 'reject', catch_all_address: null })
        .success,
    ).toBe(true);
  });
});
