import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as lists from '@haven/contract/mail-lists';
import { api } from '../../../lib/api.ts';

/** Query keys under the domain's lists: one invalidation refreshes overview, detail, subscribers. */
const keys = {
  all: (domain: string) => ['mail-lists', domain] as const,
  overview: (domain: string) => ['mail-lists', domain, 'overview'] as const,
  detail: (domain: string, name: string) => ['mail-lists', domain, 'detail', name] as const,
  subscribers: (domain: string, name: string) =>
    ['mail-lists', domain, 'subscribers', name] as const,
  available: (domain: string, name: string) => ['mail-lists', domain, 'available', name] as const,
};

function useRefresh(domain: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all(domain) });
}

export function useMailLists(domain: string) {
  return useQuery({
    queryKey: keys.overview(domain),
    queryFn: ({ signal }) => api(lists.listLists, { params: { domain } }, { signal }),
  });
}

export function useMailList(domain: string, name: string) {
  return useQuery({
    queryKey: keys.detail(domain, name),
    queryFn: ({ signal }) => api(lists.getList, { params: { domain, name } }, { signal }),
  });
}

export function useSubscribers(domain: string, name: string) {
  return useQuery({
    queryKey: keys.subscribers(domain, name),
    queryFn: ({ signal }) => api(lists.listSubscribers, { params: { domain, name } }, { signal }),
  });
}

export function useAvailable(domain: string, name: string) {
  return useQuery({
    queryKey: keys.available(domain, name),
    queryFn: ({ signal }) =>
      api(lists.availableSubscribers, { params: { domain, name } }, { signal }),
  });
}

export function useCreateList(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: lists.CreateListBody) => api(lists.createList, { params: { domain }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateList(domain: string, name: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: lists.UpdateListBody) =>
      api(lists.updateList, { params: { domain, name }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteList(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (name: string) => api(lists.deleteList, { params: { domain, name } }),
    onSuccess: refresh,
  });
}

export function useSubscribe(domain: string, name: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (email: string) =>
      api(lists.subscribe, { params: { domain, name }, body: { email } }),
    onSuccess: refresh,
  });
}

export function useUnsubscribe(domain: string, name: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (email: string) => api(lists.unsubscribe, { params: { domain, name, email } }),
    onSuccess: refresh,
  });
}
