import { useQuery } from '@tanstack/react-query';
import * as account from '@haven/contract/account';
import { api } from '../../lib/api.ts';

/** Notifications for every customer. */
export function useGeneralNotifications(domain: string | undefined) {
  return useQuery({
    queryKey: ['notifications', 'general', domain],
    queryFn: ({ signal }) =>
      api(account.getGeneralNotifications, { params: { domain: domain ?? '' } }, { signal }),
    enabled: Boolean(domain),
  });
}

/** Notifications of one domain; DOMAIN users get none (specs §6). */
export function useDomainNotifications(domain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['notifications', 'domain', domain],
    queryFn: ({ signal }) =>
      api(account.getDomainNotifications, { params: { domain: domain ?? '' } }, { signal }),
    enabled: Boolean(domain) && enabled,
  });
}
