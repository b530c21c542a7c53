import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as statistics from '@haven/contract/statistics';
import { api } from '../../lib/api.ts';

const keys = {
  all: (domain: string) => ['statistics', domain] as const,
  traffic: (domain: string) => ['statistics', domain, 'traffic'] as const,
};

/** This month's traffic per day (the server's default range: the first to today). */
export function useTraffic(domain: string | undefined, enabled = true) {
  return useQuery({
    queryKey: keys.traffic(domain ?? ''),
    queryFn: ({ signal }) =>
      api(statistics.getTraffic, { params: { domain: domain ?? '' }, query: {} }, { signal }),
    enabled: Boolean(domain) && enabled,
  });
}

/** Reads the new log lines now, then shows the new figures. */
export function useRefreshTraffic(domain: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(statistics.refreshTraffic, { params: { domain } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all(domain) }),
  });
}
