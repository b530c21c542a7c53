import { describe, expect, it } from 'vitest';
import { LOGIN_FIELDS, loginBody } from './auth.ts';

const valid = { domain: 'example.nl', username: 'beheer', password: 'secret', bestelcode: '' };

/** The first code per field, as the login form shows them. */
function problems(values: typeof valid): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of loginBody.safeParse(values).error?.issues ?? [])
    found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe('the login rules (auth.loginBody, used by the server and the login form)', () => {
  it('names its fields in the form order', () => {
    expect(LOGIN_FIELDS).toEqual(['domain', 'username', 'password', 'bestelcode']);
  });

  it.each([
    [{ domain: '' }, { domain: 'required' }],
    [{ domain: '   ' }, { domain: 'required' }],
    [{ domain: 'localhost' }, { domain: 'regex' }],
    [{ domain: 'bad_domain.nl' }, { domain: 'regex' }],
    [{ username: '  ' }, { username: 'required' }],
    [{ username: 'u'.repeat(256) }, { username: 'too_long' }],
    [{ password: '' }, { password: 'required' }],
    [{ password: 'p'.repeat(256) }, { password: 'too_long' }],
    [{ bestelcode: 'b'.repeat(65) }, { bestelcode: 'too_long' }],
    [{ username: 'u'.repeat(255), password: '   ', bestelcode: 'b'.repeat(64) }, {}],
  ])('answers %j with %j', (change, expected) => {
    expect(problems({ ...valid, ...change })).toEqual(expected);
  });

  it('reads the values as the server does: trimmed, the domain lower-cased', () => {
    expect(
      loginBody.parse({
        domain: ' Example.NL ',
        username: ' beheer ',
        password: ' pw ',
        bestelcode: ' ABC ',
      }),
    ).toEqual({
      domain: 'example.nl',
      username: 'beheer',
      password: ' pw ',
      bestelcode: 'ABC',
    });
  });
});
