import { Suspense, useRef } from 'react';
import { AppShell, Anchor } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { Header } from './header.tsx';
import { Navbar } from './navbar.tsx';
import { Overlays } from '../../components/overlays.tsx';
import { ShellNotifications } from './shell-notifications.tsx';
import classes from './app-shell.module.css';

/**
 * The logged-in frame: header (domain, language, logout), navigation, the notifications and
 * the screen.
 */
export function AppShellLayout() {
  const { t } = useTranslation('common');
  const [opened, { toggle, close }] = useDisclosure(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The phone menu covers the screen: Escape closes it like any drawer, and focus goes back to
  // the button that opened it. A dropdown or dialog that handled the key itself keeps it.
  useWindowEvent('keydown', (event) => {
    if (!opened || event.key !== 'Escape' || event.defaultPrevented) return;
    close();
    menuButton.current?.focus();
  });

  return (
    <Overlays>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding={{ base: 'sm', sm: 'md' }}
      >
        <Anchor href="#main-content" className={classes.skipLink}>
          {t('shell.skip_to_content')}
        </Anchor>
        <AppShell.Header>
          <Header navOpened={opened} onToggleNav={toggle} menuButtonRef={menuButton} />
        </AppShell.Header>
        <AppShell.Navbar p="sm" id="main-navigation" aria-label={t('shell.navigation')}>
          <Navbar opened={opened} onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
          <ShellNotifications />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </Overlays>
  );
}
