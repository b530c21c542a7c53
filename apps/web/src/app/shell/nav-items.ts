import type { ComponentType } from 'react';
import {
  IconHeadset,
  IconKey,
  IconLayoutBoard,
  IconWorldWww,
  IconLayoutDashboard,
  IconMail,
  IconServer,
  IconShoppingBag,
  type IconProps,
} from '@tabler/icons-react';
import type { UserType } from '@haven/contract/shared';
import { routePath, type RouteName } from '../../lib/paths.ts';

export interface NavItem {
  key: string;
  /** Key in the common namespace. */
  label: string;
  icon: ComponentType<IconProps>;
  to: (domain: string) => string;
  /** Only these user types see the item; everyone when absent. */
  userTypes?: readonly UserType[];
  /** Shown only when the login and the selected domain's package may open this route. */
  route?: RouteName;
  /** Hidden when the item with this key shows (webhosting holds DNS among its tabs). */
  hiddenWith?: string;
}

/** The items a login sees for the selected domain; `mayOpen` judges an item's route. */
export function visibleNavItems(type: UserType, mayOpen: (route: RouteName) => boolean): NavItem[] {
  const shown = NAV_ITEMS.filter(
    (item) =>
      (!item.userTypes || item.userTypes.includes(type)) && (!item.route || mayOpen(item.route)),
  );
  return shown.filter((item) => !shown.some((other) => other.key === item.hiddenWith));
}

/** The navigation lists built areas only: screens of later issues are added with them. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    key: 'dashboard',
    label: 'nav.dashboard',
    icon: IconLayoutDashboard,
    to: () => routePath('real-dashboard'),
  },
  {
    key: 'account',
    label: 'nav.account',
    icon: IconKey,
    to: (domain) => routePath('account', { domain }),
  },
  {
    key: 'webhosting',
    label: 'nav.webhosting',
    icon: IconServer,
    to: (domain) => routePath('webhosting', { domain }),
    route: 'webhosting',
  },
  {
    key: 'dns',
    label: 'nav.dns',
    icon: IconWorldWww,
    to: (domain) => routePath('dns', { domain }),
    route: 'dns',
    hiddenWith: 'webhosting',
  },
  {
    key: 'mail',
    label: 'nav.mail',
    icon: IconMail,
    to: (domain) => routePath('mail', { domain }),
    // A mailbox login has its own mailbox (the dashboard sends it there), not the domain's list.
    userTypes: ['HOSTING', 'DOMAIN'],
  },
  {
    key: 'sitebuilder',
    label: 'nav.sitebuilder',
    icon: IconLayoutBoard,
    to: (domain) => routePath('sitebuilder', { domain }),
    route: 'sitebuilder',
  },
  {
    key: 'upgrade',
    label: 'nav.upgrade',
    icon: IconShoppingBag,
    to: (domain) => routePath('upgrade', { domain }),
    userTypes: ['HOSTING', 'DOMAIN'],
  },
  {
    key: 'helpdesk',
    label: 'nav.helpdesk',
    icon: IconHeadset,
    to: () => routePath('helpdesk'),
    route: 'helpdesk',
  },
];
