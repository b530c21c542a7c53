import { useQuery } from '@tanstack/react-query';
import type * as account from '@haven/contract/account';
import * as accountRoutes from '@haven/contract/account-routes';
import { apiRoute } from '../../lib/api.ts';

// The shell asks for these on every screen, before the first paint: by their zod-free routes,
// so zod (24 kB) stays off a phone's first load.

/** Notifications for every customer. */
export function useGeneralNotifications(domain: string | undefined) {
  return useQuery({
    queryKey: ['notifications', 'general', domain],
    queryFn: ({ signal }) =>
      apiRoute<typeof account.getGeneralNotifications>(
        accountRoutes.getGeneralNotifications,
        { params: { domain: domain ?? '' } },
        { signal },
      ),
    enabled: Boolean(domain),
  });
}

/** Notifications of one domain; DOMAIN users get none (specs §6). */
export function useDomainNotifications(domain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['notifications', 'domain', domain],
    queryFn: ({ signal }) =>
      apiRoute<typeof account.getDomainNotifications>(
        accountRoutes.getDomainNotifications,
        { params: { domain: domain ?? '' } },
        { signal },
      ),
    enabled: Boolean(domain) && enabled,
  });
}
