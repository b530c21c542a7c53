import type { TFunction } from 'i18next';
import { isApiError } from './api.ts';

/** The code of a failed call; 'unknown' for anything that is not an API error. */
export function errorCode(error: unknown): string {
  return isApiError(error) ? error.code : 'unknown';
}

/**
 * The text of a failed call: the first of `<prefix><code>` for each area prefix (as in the
 * specs' catalogue, e.g. 'dashboard:error.'), then the generic `errors:<code>`, then
 * 'errors:unknown'.
 */
export function errorText(t: TFunction, error: unknown, prefixes: readonly string[] = []): string {
  const code = errorCode(error);
  return t([...prefixes.map((prefix) => `${prefix}${code}`), `errors:${code}`, 'errors:unknown']);
}

/** Network failures and server faults are not the user's doing: the generic texts fit best. */
export function isServerFault(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}
