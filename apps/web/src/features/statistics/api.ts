import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as statistics from '@haven/contract/statistics';
import { api } from '../../lib/api.ts';

const keys = {
  all: (domain: string) => ['statistics', domain] as const,
  traffic: (domain: string) => ['statistics', domain, 'traffic'] as const,
  // The dashboard's key for the same answer (features/dashboard/api.ts).
  overview: (domain: string) => ['statistics', domain, 'overview'] as const,
};

/** The server reads the logs every 5 minutes: an open screen asks again as often. */
const REFETCH_MS = 5 * 60_000;

/** This month's traffic per day (the server's default range: the first to today). */
export function useTraffic(domain: string | undefined, enabled = true) {
  return useQuery({
    queryKey: keys.traffic(domain ?? ''),
    queryFn: ({ signal }) =>
      api(statistics.getTraffic, { params: { domain: domain ?? '' }, query: {} }, { signal }),
    enabled: Boolean(domain) && enabled,
    refetchInterval: REFETCH_MS,
  });
}

/** Disk usage and limits: the one measurement the file manager shows and enforces. */
export function useOverview(domain: string) {
  return useQuery({
    queryKey: keys.overview(domain),
    queryFn: ({ signal }) => api(statistics.getOverview, { params: { domain } }, { signal }),
    enabled: Boolean(domain),
    refetchInterval: REFETCH_MS,
  });
}

/**
 * Reads the new log lines and measures the disk now, then shows the new figures (here, on the
 * dashboard and in the file manager).
 */
export function useRefreshTraffic(domain: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(statistics.refreshTraffic, { params: { domain } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.all(domain) }),
        queryClient.invalidateQueries({ queryKey: ['filemanager', domain, 'usage'] }),
      ]),
  });
}
