import { hosting } from '@haven/contract';
import type { HostingAccess } from '../../model/hosting-access.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AreaModule } from '../area.ts';

/** A domain's changes on its hosting node (nodes/domain-changes.ts), as this area reads them. */
export interface HostingChanges {
  of(
    domainId: number,
    node: string,
  ): Promise<{ pending: number; nodeUp: boolean; failed: hosting.HostingChangesView['failed'] }>;
  retry(domainId: number, id: string): Promise<boolean>;
}

/**
 * Hosting access: where the customer reaches what they made (a subdomain's address, FTP, the
 * zone's server) and whether the services behind the screens run; and the domain's changes
 * waiting for, or failed on, its hosting server.
 */
export function hostingModule(deps: {
  access: HostingAccess;
  changes: HostingChanges;
}): AreaModule {
  const view = async (domain: { id: number; node: string }) => {
    const { pending, nodeUp, failed } = await deps.changes.of(domain.id, domain.node);
    return { pending, serverUp: nodeUp, failed };
  };
  return {
    name: 'hosting',
    routes: (bind) => {
      bind(hosting.hostingAccess, async ({ domain }) => deps.access.describe(domain.name));
      bind(hosting.hostingChanges, ({ domain }) => view(domain));
      bind(hosting.retryHostingChange, async ({ domain, params }) => {
        if (!(await deps.changes.retry(domain.id, params.id))) throw notFound();
        return view(domain);
      });
    },
  };
}
