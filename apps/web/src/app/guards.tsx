import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { useAuth } from '../lib/auth-store.ts';

/** Login and password-forgotten: a logged-in user belongs on the dashboard. */
export function GuestOnly() {
  const { isLoggedIn, status } = useAuth();
  // A stored token may turn out dead at refresh: wait instead of bouncing to /dashboard and back.
  if (status === 'loading') return <PageLoader />;
  if (isLoggedIn) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** The dashboard and every domain route need a session. */
export function RequireAuth() {
  const { isLoggedIn, status } = useAuth();
  if (!isLoggedIn) return <Navigate to="/" replace />;
  if (status === 'loading') return <PageLoader />;
  return <Outlet />;
}
