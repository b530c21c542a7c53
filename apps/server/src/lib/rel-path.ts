import { AppError } from './app-error.ts';

/**
 * Customer paths as text, no disk: split lexically ('..' refused, never resolved), joined to the
 * canonical '/a/b' form. lib/confine.ts walks them on disk; areas may use these directly.
 */

export const CONFINE_PATH_MAX = 4096;
export const CONFINE_NAME_MAX_BYTES = 255;

export const invalidPath = () => new AppError('invalid_path', 'invalid');

/**
 * Splits a customer path into names. Leading, trailing and double slashes and '.' are dropped;
 * '..', NUL and other control characters, over-long paths or names are refused. Nothing is
 * URL-decoded here: '%2e%2e' is a literal name.
 */
export function splitPath(input: string): string[] {
  if (typeof input !== 'string' || input.length > CONFINE_PATH_MAX) throw invalidPath();
  // eslint-disable-next-line no-control-regex -- control characters (NUL first) are the point
  if (/[\x00-\x1f\x7f]/.test(input)) throw invalidPath();
  const segments = input.split('/').filter((s) => s !== '' && s !== '.');
  for (const s of segments) {
    if (s === '..' || Buffer.byteLength(s) > CONFINE_NAME_MAX_BYTES) throw invalidPath();
  }
  return segments;
}

/** '/a/b' from names ('/' for none): the canonical form areas store and show. */
export function joinRel(segments: readonly string[]): string {
  return `/${segments.join('/')}`;
}

/** Canonical form of a customer path ('a//b/./' -> '/a/b'); throws like `splitPath`. */
export function normalizeRel(input: string): string {
  return joinRel(splitPath(input));
}

/** Whether an absolute real path is the root or below it (never a sibling like '/home2'). */
export function isInside(root: string, candidate: string): boolean {
  if (root === '/') return candidate.startsWith('/');
  return candidate === root || candidate.startsWith(`${root}/`);
}
