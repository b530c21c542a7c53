import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as statistics from '@haven/contract/statistics';
import { api } from '../../lib/api.ts';

// The dashboard's statistics (specs §6); the keys are the statistics screen's, so a refresh
// there shows here too. DOMAIN users ask for none.
const statisticsKey = (domain: string | undefined, part: string) => [
  'statistics',
  domain ?? '',
  part,
];
/** The server reads the logs every 5 minutes: an open dashboard asks again as often. */
export const STATISTICS_REFETCH_MS = 5 * 60_000;

export function useMonthTraffic(domain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: statisticsKey(domain, 'traffic'),
    queryFn: ({ signal }) =>
      api(statistics.getTraffic, { params: { domain: domain ?? '' }, query: {} }, { signal }),
    enabled: Boolean(domain) && enabled,
    refetchInterval: STATISTICS_REFETCH_MS,
  });
}

export function useStatisticsOverview(domain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: statisticsKey(domain, 'overview'),
    queryFn: ({ signal }) =>
      api(statistics.getOverview, { params: { domain: domain ?? '' } }, { signal }),
    enabled: Boolean(domain) && enabled,
    refetchInterval: STATISTICS_REFETCH_MS,
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

/**
 * Reads the new log lines and measures the disk now; then the statistics here and on their own
 * screen, and the file manager's usage, show the new figures.
 */
export function useRefreshStatistics(domain: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(statistics.refreshTraffic, {
        params: { domain },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['statistics', domain] }),
        queryClient.invalidateQueries({ queryKey: ['filemanager', domain, 'usage'] }),
      ]),
  });
}
