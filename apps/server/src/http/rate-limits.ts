import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { auth, databases, filemanager, helpdesk, LIMITS, type Endpoint } from '@haven/contract';
import { clientAddress } from './client-address.ts';
import { AppError } from '../lib/app-error.ts';

export interface RateLimits {
  windowMs: number;
  /** A limit left out keeps the contract's (`LIMITS.rateLimits`). */
  perWindow: Partial<Record<keyof typeof LIMITS.rateLimits, number>>;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowMs: LIMITS.rateLimitWindowMs,
  perWindow: LIMITS.rateLimits,
};

/** The calls a flood would hurt, each with its own counter, and the limit it counts against. */
const LIMITED = new Map<Endpoint, keyof RateLimits['perWindow']>([
  [auth.login, 'login'],
  [auth.domainPackage, 'domainPackage'],
  [auth.passwordForgotten, 'passwordReset'],
  [auth.passwordForgottenValidate, 'passwordReset'],
  [auth.passwordForgottenUpdate, 'passwordReset'],
  [databases.downloadDatabase, 'databaseDump'],
  [filemanager.zip, 'zip'],
  [filemanager.search, 'search'],
  [filemanager.size, 'search'],
  [helpdesk.operatorListTickets, 'operatorApi'],
  [helpdesk.operatorGetTicket, 'operatorApi'],
  [helpdesk.operatorAnswer, 'operatorApi'],
  [helpdesk.operatorSetStatus, 'operatorApi'],
  [helpdesk.operatorDownloadAttachment, 'operatorApi'],
]);

/** Per session once the access check found one, else per client address (public calls). */
const keyOf = (request: FastifyRequest): string =>
  request.principal
    ? `session:${request.principal.sessionId}`
    : `address:${clientAddress(request)}`;

/**
 * @fastify/rate-limit, on the routes `rateLimitOf` names only. It runs before the handler, after
 * the access check (which says whose session it is); over the limit it answers 429
 * `too_many_requests` in the error envelope with Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: keyOf,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: () => new AppError('too_many_requests', 'too_many'),
  });
}

/** The route config that limits this endpoint, or nothing for the calls without a limit. */
export function rateLimitOf(
  endpoint: Endpoint,
  limits: RateLimits,
): { rateLimit: { max: number; timeWindow: number } } | undefined {
  const limit = LIMITED.get(endpoint);
  return limit
    ? {
        rateLimit: {
          max: limits.perWindow[limit] ?? LIMITS.rateLimits[limit],
          timeWindow: limits.windowMs,
        },
      }
    : undefined;
}
