import { describe, expect, it } from 'vitest';
import { loginBody } from '../areas/auth.ts';
import { loginProblems, normaliseLogin, type LoginFields } from './login-fields.ts';

const valid: LoginFields = {
  domain: 'example.nl',
  username: 'beheer',
  password: 'secret',
  bestelcode: '',
};

/** What the server's schema says: the first code per field, and the parsed values. */
function schemaVerdict(values: LoginFields) {
  const parsed = loginBody.safeParse(values);
  const problems: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) problems[String(issue.path[0])] ??= issue.message;
  return { problems, values: parsed.data };
}

describe('login fields without zod', () => {
  it.each<Partial<LoginFields>>([
    {},
    { domain: '' },
    { domain: '   ' },
    { domain: '  Example.NL ' },
    { domain: 'localhost' },
    { domain: 'bad_domain.nl' },
    { username: '' },
    { username: '  ' },
    { username: ' beheer ' },
    { username: 'u'.repeat(255) },
    { username: 'u'.repeat(256) },
    { password: '' },
    { password: '   ' },
    { password: 'p'.repeat(256) },
    { bestelcode: ' ABC ' },
    { bestelcode: 'b'.repeat(64) },
    { bestelcode: 'b'.repeat(65) },
    { domain: '', username: '', password: '', bestelcode: 'b'.repeat(70) },
  ])('agree with auth.loginBody on %j', (change) => {
    const values = { ...valid, ...change };
    const schema = schemaVerdict(values);
    expect(loginProblems(values)).toEqual(schema.problems);
    if (schema.values) expect(normaliseLogin(values)).toEqual(schema.values);
  });
});
