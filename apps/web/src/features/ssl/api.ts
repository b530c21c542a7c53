import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as ssl from '@haven/contract/ssl';
import { api } from '../../lib/api.ts';

const key = (domain: string) => ['ssl', domain] as const;

/** The certificate state; polled while a request is pending, so the change shows by itself. */
export function useSsl(domain: string) {
  return useQuery({
    queryKey: key(domain),
    queryFn: ({ signal }) => api(ssl.getSsl, { params: { domain } }, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3000 : false),
  });
}

export function useStartSsl(domain: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(ssl.startSsl, { params: { domain }, body: {} }),
    onSuccess: (data) => queryClient.setQueryData(key(domain), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(domain) }),
  });
}
