import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as cron from '@haven/contract/cron';
import { api } from '../../lib/api.ts';

const keys = {
  all: (domain: string) => ['cron', domain] as const,
  overview: (domain: string) => ['cron', domain, 'overview'] as const,
  list: (domain: string, user: string) => ['cron', domain, 'list', user] as const,
  detail: (domain: string, user: string, hash: string) =>
    ['cron', domain, 'detail', user, hash] as const,
};

export function useCronOverview(domain: string) {
  return useQuery({
    queryKey: keys.overview(domain),
    queryFn: ({ signal }) => api(cron.getCronOverview, { params: { domain } }, { signal }),
  });
}

export function useCronjobs(domain: string, user: string | null) {
  return useQuery({
    queryKey: keys.list(domain, user ?? ''),
    enabled: user !== null,
    queryFn: ({ signal }) =>
      api(cron.listCronjobs, { params: { domain, user: user ?? '' } }, { signal }),
  });
}

export function useCronjob(domain: string, user: string, hash: string) {
  return useQuery({
    queryKey: keys.detail(domain, user, hash),
    queryFn: ({ signal }) => api(cron.getCronjob, { params: { domain, user, hash } }, { signal }),
  });
}

function useRefresh(domain: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all(domain) });
}

export function useSaveCronjob(domain: string, user: string, hash?: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: cron.CronjobBody) =>
      hash
        ? api(cron.updateCronjob, { params: { domain, user, hash }, body })
        : api(cron.createCronjob, { params: { domain, user }, body }),
    onSuccess: refresh,
  });
}

export type CronAction = 'pause' | 'resume' | 'run' | 'delete';

/** Pause, resume, run now and delete, by hash. */
export function useCronAction(domain: string, user: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: async ({ action, hash }: { action: CronAction; hash: string }) => {
      const params = { domain, user, hash };
      if (action === 'pause') return api(cron.pauseCronjob, { params });
      if (action === 'resume') return api(cron.resumeCronjob, { params });
      if (action === 'run') return api(cron.runCronjob, { params });
      return api(cron.deleteCronjob, { params });
    },
    onSettled: refresh,
  });
}
