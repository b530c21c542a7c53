import '@mantine/core/styles.css';
import '@mantine/nprogress/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/router.tsx';
import { startSession } from './app/session.ts';
import { initI18n } from './lib/i18n.ts';

const queryClient = createQueryClient();
// The texts start loading first: the router's first lazy screens may ask for theirs at once.
const texts = initI18n();
// The stored token's refresh goes out before the screens' chunks, which queue behind it.
startSession({ queryClient, navigate: (path) => router.navigate(path, { replace: true }) });
const router = createBrowserRouter(routes);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The shared texts come first: every screen, even the loader, speaks the user's language.
void texts.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
