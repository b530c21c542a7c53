import { z } from 'zod';

/** Codes any endpoint can answer. Area codes are listed on each endpoint. */
export const COMMON_ERRORS = [
  'validation',
  'unauthorized',
  'forbidden',
  /** The `{domain}`'s package does not have this (a domain without hosting has no webhosting). */
  'not_for_package',
  /** The hosting plan is inactive: its services refuse changes. */
  'plan_inactive',
  'not_found',
  'payload_too_large',
  'too_many_requests',
  /** The customer already has `LIMITS.fairUse` expensive calls or jobs under way (429, Retry-After). */
  'too_many_running',
  'unavailable',
  /** The hosting node that holds this did not answer in time (docs/nodes.md): try again later. */
  'node_unavailable',
  'internal',
] as const;
export type CommonError = (typeof COMMON_ERRORS)[number];

/**
 * What kind of failure a service reports. The HTTP layer maps it to a status; services never
 * speak HTTP themselves.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'too_many'
  | 'unavailable'
  | 'internal';

export const ERROR_KIND_STATUS: Record<ErrorKind, number> = {
  invalid: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unavailable: 503,
  internal: 500,
};

/** The body of every non-2xx answer. `fields` maps a field name to a validation code. */
export const errorEnvelope = z.object({
  custom_message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Every code one of an area's endpoints declares (`Area` is a contract module, e.g. `typeof dns`). */
type DeclaredErrors<Area> = {
  [K in keyof Area]: Area[K] extends { method: string; path: string; errors: readonly (infer C)[] }
    ? C
    : never;
}[keyof Area];

/** The codes an area's services may throw: the common ones and each code one of its endpoints declares. */
export type ErrorsOf<Area> = CommonError | DeclaredErrors<Area>;
