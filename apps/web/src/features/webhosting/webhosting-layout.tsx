import { Suspense, useRef } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { generatePath, Outlet, useLocation, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSelectedDomain } from '../../lib/selected-domain.ts';
import { useMayOpen } from '../../lib/route-access.ts';
import { ROUTES, routePath } from '../../lib/paths.ts';
import { useInstapDatabaseCount } from './instap-databases.ts';
import { WEBHOSTING_SECTIONS } from './sections.ts';
import { SectionTabs, type SectionTab } from '../../components/section-tabs/section-tabs.tsx';
import { transitionFor, type TransitionKind } from './transition.ts';
import classes from './webhosting-layout.module.css';

/** Which section a path belongs to: its first segment below the container. */
function sectionOf(pathname: string, domain: string): string | undefined {
  const base = routePath('webhosting', { domain });
  return pathname.startsWith(`${base}/`)
    ? pathname.slice(base.length + 1).split('/')[0]
    : undefined;
}

/** The webhosting container: its sections' navigation and the screen, moved by path depth. */
export function WebhostingLayout() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const { pathname } = useLocation();
  const seen = useRef<{ path: string | undefined; kind: TransitionKind }>({
    path: undefined,
    kind: 'none',
  });
  // Judged while rendering, so the new screen mounts with its animation class already set.
  if (seen.current.path !== pathname)
    seen.current = { path: pathname, kind: transitionFor(seen.current.path, pathname) };
  const kind = seen.current.kind;
  const current = sectionOf(pathname, domain);
  const { details } = useSelectedDomain();
  // A domain without hosting keeps DNS only: its one screen needs no tabs.
  const mayOpen = useMayOpen();
  const sections = WEBHOSTING_SECTIONS.filter((s) => mayOpen(s.route));
  const hasDatabases = WEBHOSTING_SECTIONS.some((s) => s.route === 'database');
  const dbCount = useInstapDatabaseCount(domain, hasDatabases && details?.instap === true);
  const tabs: SectionTab[] = sections.map((section) => {
    // The segment below the container names the section: `subdomain`, `web-user`…
    const segment = ROUTES[section.route].split('/')[3];
    return {
      key: section.route,
      to: generatePath<string>(ROUTES[section.route], { domain, '*': '' }),
      label: t(section.label),
      active: current !== undefined && current === segment,
      badge:
        section.route === 'database' && dbCount
          ? { text: `${dbCount.count}/${dbCount.max}`, label: t('database_count', dbCount) }
          : undefined,
    };
  });

  return (
    <Stack gap="md">
      {sections.length > 1 && <SectionTabs label={t('nav_label')} tabs={tabs} />}
      <div
        key={pathname}
        className={`${classes.screen} ${kind === 'none' ? '' : classes[kind]}`}
        data-transition={kind}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </div>
    </Stack>
  );
}
