import type { TFunction } from 'i18next';
import { AUTH_ERRORS } from '@haven/contract/auth';
import { LIMITS } from '@haven/contract/shared';
import { errorCode, errorText, isServerFault } from '../../lib/error-text.ts';

/** Specs §8: login.<custom_message>, or login.unauthorized for any other refusal. */
export function loginErrorText(t: TFunction, error: unknown): string {
  if (isServerFault(error)) return errorText(t, error);
  const code = errorCode(error);
  const known = (AUTH_ERRORS as readonly string[]).includes(code);
  return t(`login:${known ? code : 'unauthorized'}`, { minutes: LIMITS.lockoutMinutes });
}
