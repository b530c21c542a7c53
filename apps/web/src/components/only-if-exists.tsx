import type { ReactNode } from 'react';
import { isApiError } from '../lib/api.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PageLoader } from './page-loader.tsx';

interface ExistsQuery<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
}

/** The API's answer for a thing (or its parent) that does not exist. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

interface Props<T> {
  /** The query of the thing the route names, or of the parent a form adds to. */
  query: ExistsQuery<T>;
  /** Whether the answer holds the thing (a user in its database's list, ...). */
  exists?: (data: T) => boolean;
  /** The address itself names nothing (a directory part that is not an id, ...). */
  invalid?: boolean;
  /** Show a loader, not the screen, until the query answers: forms whose own data comes later. */
  hold?: boolean;
  children: ReactNode;
}

/**
 * A route of something that does not exist shows the not-found page (with its way back), never a
 * live form or a button for it. Other failures are left to the screen.
 */
export function OnlyIfExists<T>({ query, exists, invalid, hold = false, children }: Props<T>) {
  const missing =
    invalid ||
    isNotFound(query.error) ||
    (query.data !== undefined && exists && !exists(query.data));
  if (missing) return <NotFoundPage />;
  if (hold && query.isPending) return <PageLoader />;
  return <>{children}</>;
}
