import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@haven/contract/account';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { routes } from '../app/router.tsx';
import { startSession } from '../app/session.ts';

export const USER: User = {
  name: 'Jan Jansen',
  type: 'HOSTING',
  email: 'jan@a.nl',
  ip: '192.0.2.10',
  language: 'nl',
  domain: 'a.nl',
  domains: [
    { name: 'a.nl', status: 0, instap: false, premium: true, package: 'HOSTING', active: true },
    { name: 'b.nl', status: 0, instap: true, premium: false, package: 'HOSTING', active: true },
  ],
};

/** The whole app (route table, guards, shell, session) at one address. */
export function renderApp(url: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const stop = startSession({
    queryClient,
    navigate: (path) => router.navigate(path, { replace: true }),
  });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, stop };
}
