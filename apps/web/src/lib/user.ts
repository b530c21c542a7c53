import { useQuery } from '@tanstack/react-query';
import * as account from '@haven/contract/account';
import type { User } from '@haven/contract/account';
import { api } from './api.ts';
import { useAuth } from './auth-store.ts';

export const userQueryKey = ['user'] as const;

/** The logged-in user with its domains (GET /api/user); shared by the shell and every area. */
export function useUser() {
  const { token, status } = useAuth();
  return useQuery({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => api(account.getUser, {}, { signal }),
    enabled: token !== null && status === 'success',
    staleTime: 60_000,
  });
}

/** An EMAIL login's own mailbox: the local part of its address. */
export function ownMailbox(user: Pick<User, 'email'>): string {
  return user.email.split('@')[0] ?? user.email;
}
