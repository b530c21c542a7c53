import type { ErrorKind } from '@haven/contract';

/**
 * The one error type services throw. `code` is a contract `custom_message`; `kind` says what
 * went wrong in Haven's terms and the HTTP layer chooses the status from it.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    readonly fields?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'AppError';
  }
}

export const notFound = (code = 'not_found') => new AppError(code, 'not_found');
export const invalid = (code: string, fields?: Record<string, string>) => new AppError(code, 'invalid', fields);
export const conflict = (code: string) => new AppError(code, 'conflict');
export const unauthorized = (code = 'unauthorized') => new AppError(code, 'unauthorized');
export const forbidden = (code = 'forbidden') => new AppError(code, 'forbidden');
export const unavailable = (code = 'unavailable', cause?: unknown) =>
  new AppError(code, 'unavailable', undefined, { cause });
