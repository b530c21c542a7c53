import { Outlet, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useUser } from '../../lib/user.ts';

/** Domain routes show only the user's own domains; anything else is simply not there. */
export function DomainGuard() {
  const { domain } = useParams();
  const { data: user, isPending } = useUser();
  if (isPending) return <PageLoader />;
  if (!user || !user.domains.some((d) => d.name === domain)) return <NotFoundPage />;
  return <Outlet />;
}
