import { MutationCache, QueryClient } from '@tanstack/react-query';
import { HOSTING_CHANGES_KEY } from '../components/hosting-access/use-hosting-changes.ts';
import { isApiError } from '../lib/api.ts';

/** Client errors (4xx) are answers, not hiccups: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // Any change may have gone to the hosting server: the domain's notice asks again.
    // After the mutation's own callbacks (a new password's new token is stored in one): asked
    // with the old token, the dead session's 401 would log the user out.
    mutationCache: new MutationCache({
      onSettled: () => {
        setTimeout(() => void client.invalidateQueries({ queryKey: [HOSTING_CHANGES_KEY] }), 0);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
