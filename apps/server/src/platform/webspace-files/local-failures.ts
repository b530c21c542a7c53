import { isAppError } from '../../lib/app-error.ts';
import { WebspaceFilesError, type WebspaceFilesFailure } from './webspace-files.port.ts';

const REASONS: ReadonlySet<string> = new Set<WebspaceFilesFailure>([
  'unavailable',
  'invalid_path',
  'not_found',
  'not_a_directory',
  'not_a_file',
  'link_refused',
  'exists',
  'too_large',
  'zip_invalid',
  'zip_unsafe',
]);

export const filesError = (reason: WebspaceFilesFailure, cause?: unknown) =>
  new WebspaceFilesError(reason, reason, { cause });

/** lib/confine speaks in AppError codes; at the port they become the port's typed failures. */
export function asFilesError(error: unknown): unknown {
  if (isAppError(error) && REASONS.has(error.code)) {
    return new WebspaceFilesError(error.code as WebspaceFilesFailure, error.message, {
      cause: error,
    });
  }
  return error;
}
