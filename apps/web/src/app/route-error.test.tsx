import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { RouteError } from './route-error.tsx';

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

function show(error: unknown) {
  const router = createMemoryRouter([
    { path: '/', errorElement: <RouteError />, element: <Thrower error={error} /> },
  ]);
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

// A fault may pass on a reload; a refusal answers the same every time.
describe('the route error screen', () => {
  it('offers a reload after a server fault', async () => {
    show(new ApiError(500, 'internal'));
    expect(await screen.findByRole('button', { name: 'Pagina opnieuw laden' })).toBeVisible();
  });

  it('says why a refusal (403) failed, without a reload', async () => {
    show(new ApiError(403, 'forbidden'));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pagina opnieuw laden' })).toBeNull();
  });
});
