import type { ErrorCode, ErrorKind } from '@haven/contract';

/**
 * The one error type services throw. `code` is a contract `custom_message` (one an endpoint
 * declares); `kind` says what went wrong in Haven's terms and the HTTP layer chooses the status.
 * `Code` is never inferred from the argument: only the operator CLI and the payment webhook,
 * which answer outside the contract, name their own codes (`new AppError<OperatorError>(...)`).
 */
export class AppError<Code extends string = ErrorCode> extends Error {
  constructor(
    readonly code: NoInfer<Code>,
    readonly kind: ErrorKind,
    readonly fields?: Record<string, string>,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(code, options);
    this.name = 'AppError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  /** Sent as `Retry-After` (a lockout says when it ends). */
  readonly retryAfterSeconds: number | undefined;
}

/** `instanceof` types a generic class's code as `any`; this keeps it a string. */
export const isAppError = (value: unknown): value is AppError<string> => value instanceof AppError;

/**
 * The ways to fail, for codes of type `Code`. Each area binds it to the codes its endpoints
 * declare (`areaErrors<ErrorsOf<typeof dns>>()` in `<area>.errors.ts`), so a typo or a code the
 * area's endpoints do not declare fails typecheck.
 */
export function areaErrors<Code extends string>() {
  return {
    fail: (
      code: Code,
      kind: ErrorKind,
      fields?: Record<string, string>,
      options?: { cause?: unknown; retryAfterSeconds?: number },
    ) => new AppError<Code>(code, kind, fields, options),
    notFound: (code: Code | 'not_found' = 'not_found') =>
      new AppError<Code | 'not_found'>(code, 'not_found'),
    invalid: (code: Code, fields?: Record<string, string>) =>
      new AppError<Code>(code, 'invalid', fields),
    conflict: (code: Code) => new AppError<Code>(code, 'conflict'),
    unauthorized: (code: Code | 'unauthorized' = 'unauthorized') =>
      new AppError<Code | 'unauthorized'>(code, 'unauthorized'),
    forbidden: (code: Code | 'forbidden' = 'forbidden') =>
      new AppError<Code | 'forbidden'>(code, 'forbidden'),
    unavailable: (code: Code | 'unavailable' = 'unavailable', cause?: unknown) =>
      new AppError<Code | 'unavailable'>(code, 'unavailable', undefined, { cause }),
  };
}

/** For code shared by every area (the HTTP layer, lib/): any code some endpoint declares. */
export const { notFound, invalid, conflict, unauthorized, forbidden, unavailable } =
  areaErrors<ErrorCode>();
