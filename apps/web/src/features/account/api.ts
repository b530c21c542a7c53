import { useMutation } from '@tanstack/react-query';
import * as account from '@haven/contract/account';
import { api } from '../../lib/api.ts';

export function useUpdatePassword(domain: string) {
  return useMutation({
    mutationFn: (body: { current_password: string; password: string }) =>
      api(account.updatePassword, { params: { domain }, body }),
  });
}
