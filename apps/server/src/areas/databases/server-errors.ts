import type { databases } from '@haven/contract';
import { isAppError } from '../../lib/app-error.ts';
import { fail } from './databases.errors.ts';
import { DatabaseServerError } from '../../platform/database-server/database-server.port.ts';
import { NodeUnavailableError } from '../../platform/node-bus/node-bus.port.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';

type Code = databases.DatabaseError;

/** The domain's node did not answer: passed on as it is (the HTTP layer says node_unavailable). */
export const isNodeLevel = (error: unknown): error is NodeUnavailableError | ChangePendingError =>
  error instanceof NodeUnavailableError || error instanceof ChangePendingError;

/**
 * A database-server failure as the customer should hear it. `exists` names what already existed
 * (database or user); anything unexpected is `general` and is logged with its cause. A node
 * that did not answer is passed on.
 */
export function fromServer(error: unknown, exists: Code = 'general'): Error {
  if (isAppError(error) || isNodeLevel(error)) return error;
  if (error instanceof DatabaseServerError) {
    switch (error.reason) {
      case 'unavailable':
        return fail('unavailable', 'unavailable', undefined, { cause: error });
      case 'exists':
        return fail(exists, 'conflict', undefined, { cause: error });
      case 'rejected':
        return fail(
          'invalid_password',
          'invalid',
          { password: 'invalid_password' },
          { cause: error },
        );
      default:
        break;
    }
  }
  return fail('general', 'internal', undefined, { cause: error });
}

/** Runs a compensation step; its own failure is logged, never thrown over the first error. */
export async function undo(
  step: () => Promise<unknown>,
  log: (error: unknown) => void,
): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (error) {
    log(error);
    return false;
  }
}
