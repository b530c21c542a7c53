import { useQuery } from '@tanstack/react-query';
import type * as account from '@haven/contract/account';
import type { User } from '@haven/contract/account';
import * as accountRoutes from '@haven/contract/account-routes';
import { apiRoute } from './api.ts';
import { useAuth } from './auth-store.ts';

export const userQueryKey = ['user'] as const;

/**
 * The logged-in user with its domains (GET /api/user); shared by the shell and every area. By its
 * zod-free route: the shell asks for it before its first paint.
 */
export function useUser() {
  const { token, status } = useAuth();
  return useQuery<User>({
    queryKey: userQueryKey,
    queryFn: ({ signal }) =>
      apiRoute<typeof account.getUser>(accountRoutes.getUser, {}, { signal }),
    enabled: token !== null && status === 'success',
    staleTime: 60_000,
  });
}
