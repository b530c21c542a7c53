export type TransitionKind = 'forward' | 'back' | 'fade' | 'none';

/** How deep a path sits below `/webhosting/{domain}`: subdomain 1, subdomain/add 2, …/user/jan 4. */
export function depthOf(pathname: string): number {
  const parts = pathname.split('/').filter(Boolean);
  return Math.max(0, parts.length - 2);
}

/**
 * Specs: the container's transitions slide or fade by path depth. Deeper slides in from the
 * end (a detail opens), shallower from the start (back to a list), the same depth (another
 * section) fades. The first screen shown does not move.
 */
export function transitionFor(previous: string | undefined, next: string): TransitionKind {
  if (previous === undefined || previous === next) return 'none';
  const from = depthOf(previous);
  const to = depthOf(next);
  if (to > from) return 'forward';
  if (to < from) return 'back';
  return 'fade';
}
