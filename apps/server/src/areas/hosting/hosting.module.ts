import { hosting } from '@haven/contract';
import type { HostingAccess } from '../../model/hosting-access.ts';
import type { AreaModule } from '../area.ts';

/**
 * Hosting access: where the customer reaches what they made (a subdomain's address, FTP, the
 * zone's server) and whether the services behind the screens run. Read-only; the composition
 * root passes the `HostingAccess` it built from the hosting node.
 */
export function hostingModule(deps: { access: HostingAccess }): AreaModule {
  return {
    name: 'hosting',
    routes: (bind) => {
      bind(hosting.hostingAccess, async ({ domain }) => deps.access.describe(domain.name));
    },
  };
}
