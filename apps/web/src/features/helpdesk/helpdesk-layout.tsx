import { Suspense } from 'react';
import { Button, Group, Stack, useMatches } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { NotForPackagePage } from '../../components/not-found-page.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useUser } from '../../lib/user.ts';
import { ROUTES, type RouteName } from '../../lib/paths.ts';
import { useCurrentRule, verdictOf } from '../../lib/route-access.ts';

/** The parts of the helpdesk, in the order of the tabs. */
const TABS: readonly { route: RouteName; label: string }[] = [
  { route: 'helpdeskoverview', label: 'tabs.overview' },
  { route: 'helpdeskticket', label: 'tabs.ticket' },
  { route: 'helpdeskinvoice', label: 'tabs.invoice' },
  { route: 'helpdeskaddress', label: 'tabs.address' },
  { route: 'helpdeskmailing', label: 'tabs.mailing' },
];

/**
 * The helpdesk container: its tabs and the screen. It hangs off no domain, so it judges the
 * login type itself: a mailbox login has no helpdesk of its own.
 */
export function HelpdeskLayout() {
  const { t } = useTranslation('helpdesk');
  const { pathname } = useLocation();
  const { data: user, isPending } = useUser();
  const rule = useCurrentRule();
  const tabSize = useMatches({ base: 'compact-sm', sm: 'compact-md' });
  if (isPending) return <PageLoader />;
  if (!user || verdictOf(rule, user.type, undefined) !== 'ok') return <NotForPackagePage />;

  return (
    <Stack gap="md">
      <nav aria-label={t('nav_label')}>
        <Group gap={4}>
          {TABS.map((tab) => {
            const path = ROUTES[tab.route];
            const active = pathname === path || pathname.startsWith(`${path}/`);
            return (
              <Button
                key={tab.route}
                component={Link}
                to={path}
                size={tabSize}
                variant={active ? 'filled' : 'subtle'}
                aria-current={active ? 'page' : undefined}
              >
                {t(tab.label)}
              </Button>
            );
          })}
        </Group>
      </nav>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
