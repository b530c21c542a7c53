import { matchPath } from 'react-router';
import type { UserDomain } from '@haven/contract/account';
import type { UserType } from '@haven/contract/shared';
import { ROUTES, routePath, type RouteName } from './paths.ts';
import { ruleOf, verdictOf } from './route-access.ts';
import { pathWithDomain } from './selected-domain.ts';

// Parameters that name a kind of screen, not a thing of one domain (a database, a ticket): a
// screen with only these exists on every domain that has its area.
const PORTABLE = new Set(['domain', 'type', 'step']);

const NAMES = Object.keys(ROUTES) as RouteName[];

/** The named route this path shows when its parameters exist on any domain, else undefined. */
function portableRoute(path: string): RouteName | undefined {
  return NAMES.find((name) => {
    const match = matchPath({ path: ROUTES[name], end: true }, path);
    if (!match) return false;
    return Object.entries(match.params).every(
      ([key, value]) => PORTABLE.has(key) || (key === '*' && !value),
    );
  });
}

/**
 * Where switching to domain `next` leads from `pathname`: the same screen when the new domain has
 * it, else the nearest screen above it (a database's list for a database), else the first screen
 * of the same area it has (DNS for a domain-only package in web hosting), else the dashboard.
 */
export function nearestScreen(
  pathname: string,
  routeDomain: string | undefined,
  next: Pick<UserDomain, 'name' | 'package'>,
  type: UserType,
): string {
  if (!routeDomain) return pathname;
  const target = pathWithDomain(pathname, routeDomain, next.name);
  const allowed = (name: RouteName) => verdictOf(ruleOf(name), type, next) === 'ok';
  const segments = target.split('/');
  for (let end = segments.length; end > 2; end--) {
    const path = segments.slice(0, end).join('/');
    const name = portableRoute(path);
    if (name && allowed(name)) return path;
  }
  const area = `/${segments[1] ?? ''}/:domain`;
  const sibling = NAMES.find(
    (name) =>
      ROUTES[name].startsWith(`${area}/`) &&
      !/:(?!domain\b)|\*/.test(ROUTES[name]) &&
      allowed(name),
  );
  if (sibling) return ROUTES[sibling].replace(':domain', encodeURIComponent(next.name));
  return routePath('real-dashboard');
}
