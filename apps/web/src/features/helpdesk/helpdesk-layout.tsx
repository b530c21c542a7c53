import { Suspense } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SectionTabs } from '../../components/section-tabs/section-tabs.tsx';
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
  if (isPending) return <PageLoader />;
  if (!user || verdictOf(rule, user.type, undefined) !== 'ok') return <NotForPackagePage />;

  return (
    <Stack gap="md">
      <SectionTabs
        label={t('nav_label')}
        tabs={TABS.map((tab) => {
          const path = ROUTES[tab.route];
          return {
            key: tab.route,
            to: path,
            label: t(tab.label),
            active: pathname === path || pathname.startsWith(`${path}/`),
          };
        })}
      />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
