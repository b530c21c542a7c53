import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { useAuth } from '../lib/auth-store.ts';
import { returnState, returnTarget } from '../lib/return-path.ts';

/** Login and password-forgotten: a logged-in user belongs on the dashboard. */
export function GuestOnly() {
  const { isLoggedIn, status } = useAuth();
  const state: unknown = useLocation().state;
  // A stored token may turn out dead at refresh: wait instead of bouncing to /dashboard and back.
  if (status === 'loading') return <PageLoader />;
  if (isLoggedIn) return <Navigate to={returnTarget(state, '/dashboard')} replace />;
  return <Outlet />;
}

/** The dashboard and every domain route need a session. */
export function RequireAuth() {
  const { isLoggedIn, status } = useAuth();
  const { pathname, search } = useLocation();
  // The asked address (a payment's result page, a link) waits through the login.
  if (!isLoggedIn) return <Navigate to="/" replace state={returnState(pathname, search)} />;
  if (status === 'loading') return <PageLoader />;
  return <Outlet />;
}
