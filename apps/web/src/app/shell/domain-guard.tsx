import { Outlet, useParams } from 'react-router';
import { NotFoundPage, NotForPackagePage } from '../../components/not-found-page.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PlanInactiveNotice } from '../../components/plan-inactive-notice.tsx';
import { ChangesNotice } from '../../components/hosting-access/changes-notice.tsx';
import { useUser } from '../../lib/user.ts';
import { useCurrentRule, verdictOf } from '../../lib/route-access.ts';

/**
 * Domain routes show only the user's own domains; anything else is simply not there. A route
 * the login type or the domain's package does not include shows one "not for your package"
 * page, and a route whose services stop on an inactive plan shows the notice above the screen,
 * as do changes still waiting for (or failed on) the domain's hosting server.
 */
export function DomainGuard() {
  const { domain } = useParams();
  const { data: user, isPending } = useUser();
  const rule = useCurrentRule();
  if (isPending) return <PageLoader />;
  const details = user?.domains.find((d) => d.name === domain);
  if (!user || !details) return <NotFoundPage />;
  if (verdictOf(rule, user.type, details) !== 'ok') return <NotForPackagePage />;
  return (
    <>
      {rule?.activePlan && !details.active && <PlanInactiveNotice />}
      <ChangesNotice domain={details.name} />
      <Outlet />
    </>
  );
}
