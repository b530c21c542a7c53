import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSelectedDomain } from '../../lib/selected-domain.ts';
import { useUser } from '../../lib/user.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { useMayOpen } from '../route-access.ts';
import { visibleNavItems } from './nav-items.ts';

export function Navbar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { data: user } = useUser();
  const { domain } = useSelectedDomain();
  const mayOpen = useMayOpen();
  if (!user || !domain) return null;

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
      <LanguageSwitch hiddenFrom="sm" fullWidth />
    </Stack>
  );
}
