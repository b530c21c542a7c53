import type { ComponentType } from 'react';
import {
  IconKey,
  IconLayoutDashboard,
  IconServer,
  IconShoppingBag,
  type IconProps,
} from '@tabler/icons-react';
import type { UserType } from '@haven/contract/shared';
import { routePath } from '../routes.ts';

export interface NavItem {
  key: string;
  /** Key in the common namespace. */
  label: string;
  icon: ComponentType<IconProps>;
  to: (domain: string) => string;
  /** Only these user types see the item; everyone when absent. */
  userTypes?: readonly UserType[];
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
    userTypes: ['HOSTING'],
  },
  {
    key: 'upgrade',
    label: 'nav.upgrade',
    icon: IconShoppingBag,
    to: (domain) => routePath('upgrade', { domain }),
    userTypes: ['HOSTING', 'DOMAIN'],
  },
];
