import { isDomainName } from './is-domain-name.ts';
import { VALIDATION, type ValidationCode } from './messages.ts';

/**
 * The login form's rules without zod: `auth.loginBody` (the server's schema) is built from the
 * same bounds, and login-fields.test.ts checks both give the same answer. The login page uses
 * this one so its first load carries no schema library.
 */
export const LOGIN_MAX = { username: 255, password: 255, bestelcode: 64 } as const;

export const LOGIN_FIELDS = ['domain', 'username', 'password', 'bestelcode'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export type LoginFields = Record<LoginField, string>;

/** The values as the server reads them: domain trimmed and lower-cased, the rest trimmed. */
export function normaliseLogin(values: LoginFields): LoginFields {
  return {
    domain: values.domain.trim().toLowerCase(),
    username: values.username.trim(),
    password: values.password,
    bestelcode: values.bestelcode.trim(),
  };
}

function bounded(value: string, max: number): ValidationCode | undefined {
  if (value.length === 0) return VALIDATION.required;
  return value.length > max ? VALIDATION.tooLong : undefined;
}

/** The validation code of each field that breaks a rule; empty when the login may be sent. */
export function loginProblems(values: LoginFields): Partial<Record<LoginField, ValidationCode>> {
  const v = normaliseLogin(values);
  const problems: Partial<Record<LoginField, ValidationCode>> = {};
  if (!v.domain) problems.domain = VALIDATION.required;
  else if (!isDomainName(v.domain)) problems.domain = VALIDATION.regex;
  const username = bounded(v.username, LOGIN_MAX.username);
  if (username) problems.username = username;
  const password = bounded(v.password, LOGIN_MAX.password);
  if (password) problems.password = password;
  if (v.bestelcode.length > LOGIN_MAX.bestelcode) problems.bestelcode = VALIDATION.tooLong;
  return problems;
}
