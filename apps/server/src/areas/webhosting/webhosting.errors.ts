import type { ErrorsOf, webhosting } from '@haven/contract';
import { areaErrors } from '../../lib/app-error.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import { NodeUnavailableError } from '../../platform/node-bus/node-bus.port.ts';

/** How the webhosting area fails: only with codes its endpoints declare (packages/contract). */
export const { fail, notFound, invalid, conflict, unauthorized, forbidden, unavailable } =
  areaErrors<ErrorsOf<typeof webhosting>>();

/**
 * What a failed apply answers: `code` for a refusal, but a node that did not answer keeps its
 * own error, which the HTTP layer answers with `node_unavailable` (the customer can try later).
 */
export function applyFailed(code: 'unknown_error' | 'general_error', error: unknown): Error {
  if (error instanceof NodeUnavailableError || error instanceof ChangePendingError) return error;
  return fail(code, 'internal', undefined, { cause: error });
}
