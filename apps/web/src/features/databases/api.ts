import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as databases from '@haven/contract/databases';
import { fillPath } from '@haven/contract/shared';
import { api } from '../../lib/api.ts';

/** Query keys: the list and each detail sit under the domain, so one invalidation refreshes all. */
const keys = {
  all: (domain: string) => ['databases', domain] as const,
  list: (domain: string) => ['databases', domain, 'list'] as const,
  detail: (domain: string, name: string) => ['databases', domain, 'detail', name] as const,
};

export function useDatabases(domain: string) {
  return useQuery({
    queryKey: keys.list(domain),
    queryFn: ({ signal }) => api(databases.listDatabases, { params: { domain } }, { signal }),
  });
}

export function useDatabase(domain: string, name: string) {
  return useQuery({
    queryKey: keys.detail(domain, name),
    queryFn: ({ signal }) => api(databases.getDatabase, { params: { domain, name } }, { signal }),
  });
}

/** Every change refreshes the list and the details: sizes and user counts move together. */
function useRefresh(domain: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all(domain) });
}

export function useCreateDatabase(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: databases.CreateDatabaseBody) =>
      api(databases.createDatabase, { params: { domain }, body }),
    // A passed_ error means the database exists after all: refresh on failure too.
    onSettled: refresh,
  });
}

export function useDeleteDatabase(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (name: string) => api(databases.deleteDatabase, { params: { domain, name } }),
    onSettled: refresh,
  });
}

export function useCreateDatabaseUser(domain: string, name: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: { name: string; password: string }) =>
      api(databases.createDatabaseUser, { params: { domain, name }, body }),
    onSettled: refresh,
  });
}

export function useChangeDatabaseUserPassword(domain: string, name: string, user: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api(databases.changeDatabaseUserPassword, {
        params: { domain, name, user },
        body: { password },
      }),
  });
}

export function useDeleteDatabaseUser(domain: string, name: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (user: string) =>
      api(databases.deleteDatabaseUser, { params: { domain, name, user } }),
    onSettled: refresh,
  });
}

/**
 * The download: a single-use ticket first (a plain link cannot carry the bearer token), then the
 * browser fetches the file itself, so the dump streams to disk instead of into memory.
 */
export function useDownloadDatabase(domain: string, name: string) {
  return useMutation({
    mutationFn: async () => {
      const { ticket } = await api(databases.createDownloadTicket, { params: { domain, name } });
      return `${fillPath(databases.downloadDatabase.path, { domain, name })}?ticket=${encodeURIComponent(ticket)}`;
    },
  });
}
