import { useQuery } from '@tanstack/react-query';
import * as account from '@haven/contract/account';
import * as statistics from '@haven/contract/statistics';
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

// The dashboard's statistics (specs §6); the keys are the statistics screen's, so a refresh
// there shows here too. DOMAIN users ask for none.
const statisticsKey = (domain: string | undefined, part: string) => [
  'statistics',
  domain ?? '',
  part,
];

export function useMonthTraffic(domain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: statisticsKey(domain, 'traffic'),
    queryFn: ({ signal }) =>
      api(statistics.getTraffic, { params: { domain: domain ?? '' }, query: {} }, { signal }),
    enabled: Boolean(domain) && enabled,
  });
}

export function useStatisticsOverview(domain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: statisticsKey(domain, 'overview'),
    queryFn: ({ signal }) =>
      api(statistics.getOverview, { params: { domain: domain ?? '' } }, { signal }),
    enabled: Boolean(domain) && enabled,
  });
}

export function useTopMailboxes(domain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: statisticsKey(domain, 'top-mailboxes'),
    queryFn: ({ signal }) =>
      api(statistics.getTopMailboxes, { params: { domain: domain ?? '' } }, { signal }),
    enabled: Boolean(domain) && enabled,
  });
}
