import { useMutation, useQuery } from '@tanstack/react-query';
import { isDomainName } from '@haven/contract/shared';
import * as authApi from '@haven/contract/auth';
import { api } from '../../lib/api.ts';

/** Normalised as the server does: trimmed and lower-case. */
export function normaliseDomain(value: string): string {
  return value.trim().toLowerCase();
}

/** Whether the domain is a DOMAIN or a HOSTING package; asked only for plausible domain names. */
export function useDomainPackage(domain: string) {
  const name = normaliseDomain(domain);
  return useQuery({
    queryKey: ['domain-package', name],
    queryFn: ({ signal }) => api(authApi.domainPackage, { body: { domain: name } }, { signal }),
    enabled: isDomainName(name),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: {
      domain: string;
      username: string;
      password: string;
      bestelcode: string;
    }) => api(authApi.login, { body }),
  });
}

export function usePasswordForgotten() {
  return useMutation({
    mutationFn: (body: { domain: string; language: 'nl' | 'en' }) =>
      api(authApi.passwordForgotten, { body }),
  });
}

/** The reset link's token: answers its domain, or an empty domain when it is not valid. */
export function useResetToken(token: string) {
  return useQuery({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) =>
      api(authApi.passwordForgottenValidate, { body: { token } }, { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api(authApi.passwordForgottenUpdate, { body }),
  });
}
