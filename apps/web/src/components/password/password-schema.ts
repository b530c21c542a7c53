import { z } from 'zod';
import { VALIDATION, passwordProblems } from '@haven/contract/shared';

/** The repeat field; its match is judged by `refineNewPassword` or `refineServicePassword`. */
export const passwordRepeat = z.string({ error: VALIDATION.required });

interface NewPassword {
  password: string;
  password_repeat: string;
}

/**
 * Client checks of a new password and its repeat. The policy (without zxcvbn's `weak`, which
 * loads later) catches obvious misses before a round trip; the server judges the whole policy.
 */
export function refineNewPassword(username?: string, bounds: { min?: number; max?: number } = {}) {
  return (value: NewPassword, ctx: z.RefinementCtx) => {
    if (value.password && passwordProblems(value.password, { username, ...bounds }).length > 0) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: VALIDATION.invalidPassword });
    }
    if (value.password !== value.password_repeat) {
      ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: VALIDATION.confirmed });
    }
  };
}
