import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

interface Props {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals, as Mantine advises for jsdom. */
  env?: 'default' | 'test';
}

/**
 * What every screen relies on besides the router: theme, data cache, texts. Modals and toasts
 * belong to the logged-in shell (see components/overlays.tsx), which keeps them off the login page.
 */
export function AppProviders({ queryClient, children, env = 'default' }: Props) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          env={env}
        >
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
