import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LANGUAGES } from '../languages.ts';
import { domainName } from '../rules/domain-name.ts';
import { VALIDATION } from '../rules/messages.ts';

/** Error codes of the auth area; the web shows them as `login.<code>`. */
export const AUTH_ERRORS = [
  'unauthorized',
  'too_many_attempts',
  'expired',
  'invalid_password',
  'invalid_current_password',
] as const;
export type AuthError = (typeof AUTH_ERRORS)[number];

export const PACKAGES = ['DOMAIN', 'HOSTING'] as const;

/** The login form's bounds; `loginBody` below is the one set of login rules (server and web). */
export const LOGIN_MAX = { username: 255, password: 255, bestelcode: 64 } as const;

export const language = z.enum(LANGUAGES);

const loginUsername = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .max(LOGIN_MAX.username, VALIDATION.tooLong);
const loginPassword = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .max(LOGIN_MAX.password, VALIDATION.tooLong);
const resetToken = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, VALIDATION.regex);

export const tokenResponse = z.object({ token: z.string() });

export const domainPackage = defineEndpoint({
  method: 'POST',
  path: '/api/auth/domain-package',
  access: 'public',
  tag: 'auth',
  summary: 'Whether a domain is a domain-only or a hosting package',
  body: z.object({ domain: domainName }),
  response: z.object({ package: z.enum(PACKAGES).nullable() }),
  errors: [],
});

export const loginBody = z.object({
  domain: domainName,
  username: loginUsername,
  password: loginPassword,
  bestelcode: z
    .string()
    .trim()
    .max(LOGIN_MAX.bestelcode, VALIDATION.tooLong)
    .optional()
    .default(''),
});
export type LoginBody = z.input<typeof loginBody>;
export const LOGIN_FIELDS = loginBody.keyof().options;
export type LoginField = (typeof LOGIN_FIELDS)[number];

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  tag: 'auth',
  summary: 'Log in with domain, username and password',
  body: loginBody,
  response: tokenResponse,
  errors: ['unauthorized', 'too_many_attempts'],
});

export const passwordForgotten = defineEndpoint({
  method: 'POST',
  path: '/api/auth/password-forgotten',
  access: 'public',
  tag: 'auth',
  summary:
    'Send a reset link to the domain owner; answers the same whether the domain exists or not',
  body: z.object({ domain: domainName, language: language.default('nl') }),
  response: z.object({ sent: z.literal(true) }),
  errors: ['too_many_attempts'],
});

export const passwordForgottenValidate = defineEndpoint({
  method: 'POST',
  path: '/api/auth/password-forgotten-validate',
  access: 'public',
  tag: 'auth',
  summary: 'Check a reset token; answers the domain it belongs to, or an empty domain',
  body: z.object({ token: z.string().max(200) }),
  response: z.object({ domain: z.string(), username: z.string() }),
  errors: [],
});

export const passwordForgottenUpdate = defineEndpoint({
  method: 'POST',
  path: '/api/auth/password-forgotten-update',
  access: 'public',
  tag: 'auth',
  summary: 'Set a new password with a reset token (single use)',
  body: z.object({ token: resetToken, password: loginPassword }),
  response: z.object({ updated: z.literal(true) }),
  errors: ['expired', 'invalid_password'],
});

export const validateToken = defineEndpoint({
  method: 'POST',
  path: '/api/auth/validate',
  access: 'public',
  tag: 'auth',
  summary: 'Whether the bearer token belongs to a live session',
  response: z.object({ valid: z.boolean() }),
  errors: [],
});

export const refreshToken = defineEndpoint({
  method: 'POST',
  path: '/api/auth/refresh-token',
  access: 'user',
  tag: 'auth',
  summary: 'A fresh access token for the same session',
  response: tokenResponse,
  errors: [],
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'user',
  tag: 'auth',
  summary: 'End the session of the bearer token',
  response: z.object({ ok: z.literal(true) }),
  errors: [],
});
