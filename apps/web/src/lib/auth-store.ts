import { useSyncExternalStore } from 'react';
import { TOKEN_KEY } from './storage-keys.ts';

const DOMAIN_KEY = 'user-domain';

/**
 * - empty: no token;
 * - loading: a stored token is being refreshed at start (guards wait for it);
 * - success: the token is live.
 */
export type AuthStatus = 'empty' | 'loading' | 'success';

export interface AuthState {
  token: string | null;
  status: AuthStatus;
  /** The stored user-domain (the last domain chosen). */
  domain: string | null;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let state: AuthState = readInitialState();

function readInitialState(): AuthState {
  const token = localStorage.getItem(TOKEN_KEY);
  return { token, status: token ? 'loading' : 'empty', domain: localStorage.getItem(DOMAIN_KEY) };
}

function setState(next: AuthState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a token from login, refresh or password change. */
  setToken(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
    setState({ ...state, token, status: 'success' });
  },
  /** The stored token outlived a failed refresh that was not a 401 (server unreachable). */
  markReady(): void {
    if (state.token && state.status === 'loading') setState({ ...state, status: 'success' });
  },
  /** Logout: the token and the selected domain both go (specs §4). */
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(DOMAIN_KEY);
    setState({ token: null, status: 'empty', domain: null });
  },
  storeDomain(domain: string): void {
    localStorage.setItem(DOMAIN_KEY, domain);
    if (state.domain !== domain) setState({ ...state, domain });
  },
  /**
   * A refresh replaces the token and the server stops accepting the one before it. When `sent`
   * was refused but another refresh (this tab's or another's) stored a newer token, adopt it and
   * answer true: the call is worth one retry.
   */
  adoptNewer(sent: string): boolean {
    const stored = localStorage.getItem(TOKEN_KEY);
    if (!stored || stored === sent) return false;
    if (stored !== state.token) setState({ ...state, token: stored, status: 'success' });
    return true;
  },
  /** Tests and a second tab: re-read storage. */
  reload(): void {
    setState(readInitialState());
  },
};

// Another tab refreshed or logged in: its token replaced the one this tab holds.
window.addEventListener('storage', (event) => {
  if (event.key === TOKEN_KEY && event.newValue && event.newValue !== state.token)
    setState({ ...state, token: event.newValue, status: 'success' });
});

export function useAuth(): AuthState & { isLoggedIn: boolean } {
  const current = useSyncExternalStore(
    (listener) => authStore.subscribe(listener),
    () => authStore.getState(),
  );
  return { ...current, isLoggedIn: current.token !== null };
}
