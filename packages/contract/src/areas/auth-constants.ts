/**
 * The auth area's plain constants. They live apart from the schemas in ./auth.ts so the login
 * route can use them without loading zod (see ../routes/).
 */

/** Error codes of the auth area; the web shows them as `login.<code>`. */
export const AUTH_ERRORS = [
  'unauthorized',
  'too_many_attempts',
  'expired',
  'invalid_password',
  'invalid_current_password',
] as const;
export type AuthError = (typeof AUTH_ERRORS)[number];

export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const PACKAGES = ['DOMAIN', 'HOSTING'] as const;
