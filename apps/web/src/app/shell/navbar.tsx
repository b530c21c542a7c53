import { useDeferredValue, useState } from 'react';
import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSelectedDomain } from '../../lib/selected-domain.ts';
import { useUser } from '../../lib/user.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { useFromSm } from './use-from-sm.ts';
import { useMayOpen } from '../../lib/route-access.ts';
import { visibleNavItems } from './nav-items.ts';

interface Props {
  /** The phone menu is open (the language switch is in it only on phones). */
  opened: boolean;
  onNavigate: () => void;
}

export function Navbar({ opened, onNavigate }: Props) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { data: user } = useUser();
  const { domain } = useSelectedDomain();
  const mayOpen = useMayOpen();
  // Only in the phone menu once opened (kept while it slides shut): its sliding indicator
  // measures the page at mount, a forced layout the first paint does not need.
  const wide = useFromSm();
  const [menuSeen, setMenuSeen] = useState(opened);
  if (opened && !menuSeen) setMenuSeen(true);
  // The links render after the screen (a deferred render, which React splits into short
  // tasks), not in the long task that paints the dashboard's greeting; a phone's menu is shut.
  const known = useDeferredValue(user !== undefined && domain !== undefined, false);
  if (!known || !user || !domain) return null;

  const items = visibleNavItems(user.type, mayOpen);
  return (
    <Stack justify="space-between" h="100%" gap="md">
      <Stack gap={2}>
        {items.map((item) => {
          const to = item.to(domain);
          const active = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <NavLink
              key={item.key}
              component={Link}
              to={to}
              label={t(item.label)}
              leftSection={<item.icon size={18} aria-hidden />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            />
          );
        })}
      </Stack>
      {menuSeen && !wide && <LanguageSwitch hiddenFrom="sm" fullWidth />}
    </Stack>
  );
}
