import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import * as logs from '@haven/contract/logs';
import { fillPath } from '@haven/contract/shared';
import { api } from '../../lib/api.ts';

const keys = {
  list: (domain: string) => ['logs', domain, 'list'] as const,
  page: (domain: string, name: string, page: number) =>
    ['logs', domain, 'page', name, page] as const,
  filter: (domain: string, name: string, f: logs.LogFilter) =>
    ['logs', domain, 'filter', name, f] as const,
};

export function useLogs(domain: string) {
  return useQuery({
    queryKey: keys.list(domain),
    queryFn: ({ signal }) => api(logs.listLogs, { params: { domain } }, { signal }),
  });
}

/** One page (1 = newest); the previous page stays on screen while the next one loads. */
export function useLogPage(domain: string, name: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.page(domain, name, page),
    queryFn: ({ signal }) =>
      api(logs.getLog, { params: { domain, name }, query: { page } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLogFilter(domain: string, name: string, filter: logs.LogFilter | null) {
  return useQuery({
    queryKey: keys.filter(domain, name, filter ?? {}),
    queryFn: ({ signal }) =>
      api(logs.filterLog, { params: { domain, name }, query: filter ?? {} }, { signal }),
    enabled: filter !== null,
  });
}

/** A single-use ticket first (a plain link cannot carry the token), then the browser fetches. */
export function useDownloadLog(domain: string, name: string) {
  return useMutation({
    mutationFn: async () => {
      const { ticket } = await api(logs.createLogTicket, { params: { domain, name } });
      return `${fillPath(logs.downloadLog.path, { domain, name })}?ticket=${encodeURIComponent(ticket)}`;
    },
  });
}
