import { areaErrors } from '../lib/app-error.ts';

/** The operator CLI's refusals: it answers the operator, not the API, so its codes are its own. */
export const OPERATOR_ERRORS = [
  'unknown_domain',
  'invalid_domain',
  'domain_exists',
  'unknown_customer',
  'invalid_username',
  'invalid_password',
  'user_exists',
  'nothing_to_change',
  'unknown_user',
] as const;
export type OperatorError = (typeof OPERATOR_ERRORS)[number];

export const { fail, notFound, invalid, conflict } = areaErrors<OperatorError>();
