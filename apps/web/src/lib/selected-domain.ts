import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { UserDomain } from '@haven/contract/account';
import { authStore, useAuth } from './auth-store.ts';
import { useUser } from './user.ts';

/**
 * Specs §4: the route's domain if it is one of the user's domains, else the stored
 * user-domain if it still is, else the first domain.
 */
export function resolveSelectedDomain(
  routeDomain: string | undefined,
  storedDomain: string | null,
  domains: readonly string[],
): string | undefined {
  if (routeDomain && domains.includes(routeDomain)) return routeDomain;
  if (storedDomain && domains.includes(storedDomain)) return storedDomain;
  return domains[0];
}

/** The same path with the domain segment swapped; paths without a domain stay as they are. */
export function pathWithDomain(
  pathname: string,
  routeDomain: string | undefined,
  next: string,
): string {
  if (!routeDomain) return pathname;
  const segments = pathname.split('/');
  const index = segments.indexOf(encodeURIComponent(routeDomain));
  if (index < 0) return pathname;
  segments[index] = encodeURIComponent(next);
  return segments.join('/');
}

export interface SelectedDomain {
  /** Name of the selected domain; undefined while the user loads or when it has none. */
  domain: string | undefined;
  /** Its flags (premium, instap, package, active). */
  details: UserDomain | undefined;
  domains: UserDomain[];
  /** Stores the choice and goes to `to`, else to the same path on the new domain. */
  selectDomain: (name: string, to?: string) => void;
}

export function useSelectedDomain(): SelectedDomain {
  const { domain: routeDomain } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const { domain: storedDomain } = useAuth();
  const domains = useMemo(() => user?.domains ?? [], [user]);
  const names = useMemo(() => domains.map((d) => d.name), [domains]);
  const domain = resolveSelectedDomain(routeDomain, storedDomain, names);

  // A domain chosen by address becomes the stored choice, so /dashboard shows the same one. Only
  // a change of the shown domain stores it: a choice made in the switcher while the old address
  // still shows (on its way to the dashboard) is not taken back.
  useEffect(() => {
    if (domain && domain !== authStore.getState().domain) authStore.storeDomain(domain);
  }, [domain]);

  const selectDomain = useCallback(
    (name: string, to?: string) => {
      authStore.storeDomain(name);
      void navigate(to ?? pathWithDomain(pathname, routeDomain, name));
    },
    [navigate, pathname, routeDomain],
  );

  return { domain, details: domains.find((d) => d.name === domain), domains, selectDomain };
}
