import { describe, expect, it } from 'vitest';
import { createListBody, listNameProblem, subscribeBody } from './mail-lists.ts';

describe('mail list rules', () => {
  it('a list name is a local part without +, at most 56 bytes', () => {
    expect(listNameProblem('nieuws.2026_a-b')).toBeNull();
    for (const bad of ['a+b', 'a..b', '.a', 'a.', 'A', 'naïve', 'a b', "a'b", 'a\nb', 'a/b'])
      expect(listNameProblem(bad), bad).toBe('regex');
    expect(listNameProblem('x'.repeat(57))).toBe('too_long');
    expect(listNameProblem('')).toBe('required');
  });

  it('lower-cases name and addresses; the passwords must match', () => {
    const ok = createListBody.parse({
      name: ' Nieuws ',
      admin_email: 'Beheer@D.test',
      password: 'x',
      passwordRepeat: 'x',
      active: true,
    });
    expect([ok.name, ok.admin_email]).toEqual(['nieuws', 'beheer@d.test']);
    const mismatch = createListBody.safeParse({ ...ok, passwordRepeat: 'y' });
    expect(mismatch.success).toBe(false);
  });

  it('a subscriber must be one address: no header injection, no lists', () => {
    for (const bad of ['a@b.test\r\nBcc: c@d.test', 'a@b.test, c@d.test', 'geen adres', ''])
      expect(subscribeBody.safeParse({ email: bad }).success, bad).toBe(false);
  });
});
