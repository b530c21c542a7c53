import { REL_NAME_MAX_BYTES, REL_PATH_MAX, relPathNames } from '@haven/contract/shared';
import { AppError } from './app-error.ts';

/**
 * Customer paths as text, no disk: split lexically ('..' refused, never resolved), joined to the
 * canonical '/a/b' form. lib/confine.ts walks them on disk; areas may use these directly.
 */

export const CONFINE_PATH_MAX = REL_PATH_MAX;
export const CONFINE_NAME_MAX_BYTES = REL_NAME_MAX_BYTES;

export const invalidPath = () => new AppError('invalid_path', 'invalid');

/**
 * Splits a customer path into names by the contract's one rule (`relPathNames`, also cron's):
 * leading, trailing and double slashes and '.' are dropped; '..', NUL and other control
 * characters, over-long paths or names are refused.
 */
export function splitPath(input: string): string[] {
  const names = relPathNames(input);
  if (!names) throw invalidPath();
  return names;
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
