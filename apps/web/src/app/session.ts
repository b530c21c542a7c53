import type { QueryClient } from '@tanstack/react-query';
import * as auth from '@haven/contract/auth';
import { api, isApiError, setUnauthorizedHandler } from '../lib/api.ts';
import { authStore } from '../lib/auth-store.ts';

/** The access token lives 15 minutes; refreshing every 10 keeps a margin for slow answers. */
export const REFRESH_INTERVAL_MS = 10 * 60 * 1000;

interface SessionDeps {
  queryClient: QueryClient;
  navigate: (path: string) => unknown;
}

/** Clears everything the session knew and returns to the login route. */
export function endSession({ queryClient, navigate }: SessionDeps): void {
  authStore.clear();
  queryClient.clear();
  void navigate('/');
}

/** Ends the session server-side first; a failure there must not keep the user logged in. */
export async function logout(deps: SessionDeps): Promise<void> {
  try {
    await api(auth.logout, {});
  } catch {
    // The token may already be dead; the local logout below is what matters to the user.
  }
  endSession(deps);
}

/**
 * Wires the 401 rule, refreshes a stored token at start and keeps refreshing while logged in.
 * Returns a stop function (tests, hot reload).
 */
export function startSession(deps: SessionDeps): () => void {
  setUnauthorizedHandler(() => endSession(deps));
  let lastRefresh = Date.now();
  let lastToken = authStore.getState().token;
  // A token from login or a password change is as fresh as a refreshed one.
  const unsubscribe = authStore.subscribe(() => {
    const { token } = authStore.getState();
    if (token !== lastToken) lastRefresh = Date.now();
    lastToken = token;
  });

  const refresh = async () => {
    if (!authStore.getState().token) return;
    try {
      const { token } = await api(auth.refreshToken, {});
      authStore.setToken(token);
    } catch (error) {
      // A 401 already ended the session through the handler; anything else (server down) keeps
      // the token so the next call can tell.
      if (!isApiError(error) || error.status !== 401) authStore.markReady();
    }
  };

  // Only a stored token still needs checking; one from a login this page load is fresh.
  if (authStore.getState().status === 'loading') void refresh();
  const interval = window.setInterval(() => void refresh(), REFRESH_INTERVAL_MS);
  // Timers stall in background tabs: catch up as soon as the page is visible again.
  const onVisible = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastRefresh >= REFRESH_INTERVAL_MS)
      void refresh();
  };
  document.addEventListener('visibilitychange', onVisible);

  return () => {
    window.clearInterval(interval);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
    setUnauthorizedHandler(() => {});
  };
}
