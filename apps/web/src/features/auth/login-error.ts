import type { TFunction } from 'i18next';
import type { AuthError } from '@haven/contract/auth';
import { LIMITS } from '@haven/contract/shared';
import { errorCode, errorText, isServerFault } from '../../lib/error-text.ts';

/**
 * The contract's AUTH_ERRORS as keys, so the login page need not load the auth module (zod) to
 * paint; the type makes tsc refuse a missing or an extra code.
 */
const AUTH_CODES: Record<AuthError, true> = {
  unauthorized: true,
  too_many_attempts: true,
  expired: true,
  invalid_password: true,
  invalid_current_password: true,
};

/** Specs §8: login.<custom_message>, or login.unauthorized for any other refusal. */
export function loginErrorText(t: TFunction, error: unknown): string {
  if (isServerFault(error)) return errorText(t, error);
  const code = errorCode(error);
  const known = Object.hasOwn(AUTH_CODES, code);
  return t(`login:${known ? code : 'unauthorized'}`, { minutes: LIMITS.lockoutMinutes });
}
