import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';

interface Options {
  /** The route pattern the element is mounted at. */
  path?: string;
  /** The address the test starts at. */
  url?: string;
  /** Extra routes, e.g. the targets of navigation, each showing its path. */
  extraRoutes?: RouteObject[];
}

/** Renders one screen inside the app's providers and a memory router. */
export function renderPage(
  element: ReactElement,
  { path = '/', url = path, extraRoutes = [] }: Options = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter([{ path, element }, ...extraRoutes], { initialEntries: [url] });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** A route that only shows where navigation landed. */
export function landing(path: string): RouteObject {
  return { path, element: <p data-testid="landed">{path}</p> };
}
