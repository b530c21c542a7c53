import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as statistics from '@haven/contract/statistics';
import * as statisticsRoutes from '@haven/contract/statistics-routes';
import { apiRoute } from '../../lib/api.ts';

// The dashboard calls its endpoints by their zod-free routes: they are asked for before the
// first paint, and zod (24 kB) stays off a phone's first load.

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
      apiRoute<typeof statistics.getTraffic>(
        statisticsRoutes.getTraffic,
        { params: { domain: domain ?? '' }, query: {} },
        { signal },
      ),
    enabled: Boolean(domain) && enabled,
    refetchInterval: STATISTICS_REFETCH_MS,
  });
}

export function useStatisticsOverview(domain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: statisticsKey(domain, 'overview'),
    queryFn: ({ signal }) =>
      apiRoute<typeof statistics.getOverview>(
        statisticsRoutes.getOverview,
        { params: { domain: domain ?? '' } },
        { signal },
      ),
    enabled: Boolean(domain) && enabled,
    refetchInterval: STATISTICS_REFETCH_MS,
  });
}

export function useTopMailboxes(domain: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: statisticsKey(domain, 'top-mailboxes'),
    queryFn: ({ signal }) =>
      apiRoute<typeof statistics.getTopMailboxes>(
        statisticsRoutes.getTopMailboxes,
        { params: { domain: domain ?? '' } },
        { signal },
      ),
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
      apiRoute<typeof statistics.refreshTraffic>(statisticsRoutes.refreshTraffic, {
        params: { domain },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['statistics', domain] }),
        queryClient.invalidateQueries({ queryKey: ['filemanager', domain, 'usage'] }),
      ]),
  });
}
