import type { databases } from '@haven/contract';
import { isAppError, type AppError } from '../../lib/app-error.ts';
import { fail } from './databases.errors.ts';
import { DatabaseServerError } from '../../platform/database-server/database-server.port.ts';

type Code = databases.DatabaseError;

/**
 * A database-server failure as the customer should hear it. `exists` names what already existed
 * (database or user); anything unexpected is `general` and is logged with its cause.
 */
export function fromServer(error: unknown, exists: Code = 'general'): AppError<string> {
  if (isAppError(error)) return error;
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
