import { useCallback } from 'react';
import { useMatches } from 'react-router';
import type { UserDomain } from '@haven/contract/account';
import {
  CUSTOMER_LOGINS,
  USER_TYPES,
  WEBHOSTING_ACCESS,
  type HostingPackage,
  type UserType,
} from '@haven/contract/shared';
import { useSelectedDomain } from './selected-domain.ts';
import { useUser } from './user.ts';
import { ROUTES, type RouteHandle, type RouteName } from './paths.ts';

/** Who may open a route, judged on the login type and the package of the route's domain. */
export interface RouteRule {
  userTypes: readonly UserType[];
  packages: readonly HostingPackage[];
  /** Its services stop while the plan is inactive: the screens show a notice (specs §4). */
  activePlan?: boolean;
}

/** Every package; an access rule of the contract without `packages` means these. */
const ALL_PACKAGES: readonly HostingPackage[] = ['HOSTING', 'DOMAIN'];

/** A route's rule from the contract's access of the endpoints its screen calls (one source). */
function fromContract(access: {
  userTypes?: readonly UserType[];
  packages?: readonly HostingPackage[];
  activePlan?: boolean;
}): RouteRule {
  return {
    userTypes: access.userTypes ?? USER_TYPES,
    packages: access.packages ?? ALL_PACKAGES,
    ...(access.activePlan ? { activePlan: true } : {}),
  };
}

const WEBHOSTING = fromContract(WEBHOSTING_ACCESS);
/** The site builder is sold with hosting only (the same rule as its endpoints). */
const SITEBUILDER: RouteRule = { userTypes: ['HOSTING'], packages: ['HOSTING'] };
/** DNS, the helpdesk, the shop and the domain's mail are the customer's, not a mailbox login's. */
const CUSTOMER = fromContract({ userTypes: CUSTOMER_LOGINS });
/** A mailbox's own screens: every login (the server keeps an EMAIL login to its own mailbox). */
const OWN = fromContract({});

/**
 * The rules by route name. A route without one takes the rule of the nearest route whose path
 * contains it (the screens under `/webhosting/:domain` take WEBHOSTING); none at all: every login.
 */
export const ROUTE_RULES: Partial<Record<RouteName, RouteRule>> = {
  webhosting: WEBHOSTING,
  sitebuilder: SITEBUILDER,
  dns: CUSTOMER,
  dnsadd: CUSTOMER,
  helpdesk: CUSTOMER,
  upgrade: CUSTOMER,
  mail: CUSTOMER,
  mailaddressdetail: OWN,
  webmail: OWN,
};

const RULED = (Object.keys(ROUTE_RULES) as RouteName[])
  .map((name) => ({ path: ROUTES[name], rule: ROUTE_RULES[name] as RouteRule }))
  .sort((a, b) => b.path.length - a.path.length);

/** The rule of a named route: its own, else that of the longest ruled path containing it. */
export function ruleOf(route: RouteName): RouteRule | undefined {
  const path = ROUTES[route];
  return RULED.find((r) => path === r.path || path.startsWith(`${r.path}/`))?.rule;
}

export type Verdict = 'ok' | 'not_for_package';

export function verdictOf(
  rule: RouteRule | undefined,
  type: UserType,
  domain: Pick<UserDomain, 'package'> | undefined,
): Verdict {
  if (!rule) return 'ok';
  if (!rule.userTypes.includes(type)) return 'not_for_package';
  if (domain && !rule.packages.includes(domain.package)) return 'not_for_package';
  return 'ok';
}

/** The rule of the route being shown. */
export function useCurrentRule(): RouteRule | undefined {
  const matches = useMatches();
  const deepest = matches.findLast((m) => (m.handle as RouteHandle | undefined)?.name);
  const name = (deepest?.handle as RouteHandle | undefined)?.name;
  return name ? ruleOf(name) : undefined;
}

/** Whether the user may open a named route for the selected domain (navigation, tabs). */
export function useMayOpen(): (route: RouteName) => boolean {
  const { data: user } = useUser();
  const { details } = useSelectedDomain();
  return useCallback(
    (route: RouteName) =>
      user !== undefined && verdictOf(ruleOf(route), user.type, details) === 'ok',
    [user, details],
  );
}
