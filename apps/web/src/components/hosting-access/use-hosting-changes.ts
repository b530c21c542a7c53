import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as hosting from '@haven/contract/hosting';
import { USER_TYPES, type UserType } from '@haven/contract/shared';
import { api } from '../../lib/api.ts';
import { useUser } from '../../lib/user.ts';

/** Every mutation refreshes it (app/query-client.ts): a change may have just gone to the server. */
export const HOSTING_CHANGES_KEY = 'hosting-changes';

/**
 * The domain's changes waiting for, or failed on, its hosting server. Asked again every few
 * seconds while some wait, every minute otherwise; a failed call shows nothing.
 */
export function useHostingChanges(domain: string) {
  // A mailbox's login may not ask (403): its screens show no notice rather than a refused call.
  const type = useUser().data?.type;
  const askers: readonly UserType[] = hosting.hostingChanges.userTypes ?? USER_TYPES;
  const allowed = type !== undefined && askers.includes(type);
  return useQuery({
    enabled: allowed,
    queryKey: [HOSTING_CHANGES_KEY, domain],
    queryFn: ({ signal }) => api(hosting.hostingChanges, { params: { domain } }, { signal }),
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? 3_000 : 60_000),
    retry: false,
  });
}

export function useRetryHostingChange(domain: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(hosting.retryHostingChange, { params: { domain, id } }),
    onSuccess: (view) => client.setQueryData([HOSTING_CHANGES_KEY, domain], view),
  });
}
