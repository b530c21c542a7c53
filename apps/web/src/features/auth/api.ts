import { useMutation, useQuery } from '@tanstack/react-query';
import { isDomainName } from '@haven/contract/shared';
import type * as Auth from '@haven/contract/auth';
import { api } from '../../lib/api.ts';

let contract: Promise<typeof Auth> | undefined;

/**
 * The auth area's descriptors and rules, loaded when first needed (a keystroke, a call): they
 * carry zod, which the login page can paint without (~30 kB gzipped off a phone's first load).
 */
export function authContract(): Promise<typeof Auth> {
  contract ??= import('@haven/contract/auth');
  return contract;
}

/** Normalised as the server does: trimmed and lower-case. */
export function normaliseDomain(value: string): string {
  return value.trim().toLowerCase();
}

/** Whether the domain is a DOMAIN or a HOSTING package; asked only for plausible domain names. */
export function useDomainPackage(domain: string) {
  const name = normaliseDomain(domain);
  return useQuery({
    queryKey: ['domain-package', name],
    queryFn: async ({ signal }) =>
      api((await authContract()).domainPackage, { body: { domain: name } }, { signal }),
    enabled: isDomainName(name),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: async (body: {
      domain: string;
      username: string;
      password: string;
      bestelcode: string;
    }) => api((await authContract()).login, { body }),
  });
}

export function usePasswordForgotten() {
  return useMutation({
    mutationFn: async (body: { domain: string; language: 'nl' | 'en' }) =>
      api((await authContract()).passwordForgotten, { body }),
  });
}

/** The reset link's token: answers its domain, or an empty domain when it is not valid. */
export function useResetToken(token: string) {
  return useQuery({
    queryKey: ['reset-token', token],
    queryFn: async ({ signal }) =>
      api((await authContract()).passwordForgottenValidate, { body: { token } }, { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: { token: string; password: string }) =>
      api((await authContract()).passwordForgottenUpdate, { body }),
  });
}
