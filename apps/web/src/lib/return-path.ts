/**
 * The address a logged-out visitor asked for (a link from a mail, a payment's result page): the
 * login guard hands it to the login route in the history state, and the login goes back to it.
 * Only a path of this site is taken, never another origin.
 */
export interface ReturnState {
  from: string;
}

export function returnState(pathname: string, search: string): ReturnState | undefined {
  return pathname === '/' || pathname === '' ? undefined : { from: `${pathname}${search}` };
}

/** Where to go after the login: the kept path when it is one of this site's, else `fallback`. */
export function returnTarget(state: unknown, fallback: string): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && /^\/(?![/\\])/.test(from) ? from : fallback;
}
