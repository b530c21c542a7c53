import { z } from 'zod';
import { VALIDATION, passwordProblems } from '@haven/contract/shared';

/** The repeat field; its match is judged by `refineNewPassword` or `refineServicePassword`. */
export const passwordRepeat = z.string({ error: VALIDATION.required });

interface NewPassword {
  password: string;
  password_repeat: string;
}

/**
 * The policy (without zxcvbn's `weak`, which loads later) on a typed password, for a contract
 * body that holds the password and its repeat (and their match) itself. The server judges the
 * whole policy; this catches obvious misses before a round trip.
 */
export function refinePasswordPolicy(
  username?: string,
  bounds: { min?: number; max?: number } = {},
) {
  return (value: { password: string }, ctx: z.RefinementCtx) => {
    if (value.password && passwordProblems(value.password, { username, ...bounds }).length > 0) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: VALIDATION.invalidPassword });
    }
  };
}

/** The policy and the match of a new password and its form-only repeat. */
export function refineNewPassword(username?: string, bounds: { min?: number; max?: number } = {}) {
  return (value: NewPassword, ctx: z.RefinementCtx) => {
    refinePasswordPolicy(username, bounds)(value, ctx);
    if (value.password !== value.password_repeat) {
      ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: VALIDATION.confirmed });
    }
  };
}
