import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as w from '@haven/contract/webhosting';
import { api } from '../../lib/api.ts';

/** Query keys: everything of a domain sits under one prefix, so a change refreshes what it touches. */
export const whKeys = {
  all: (domain: string) => ['webhosting', domain] as const,
  subdomains: (domain: string) => ['webhosting', domain, 'subdomain'] as const,
  subdomain: (domain: string, sub: string) => ['webhosting', domain, 'subdomain', sub] as const,
  php: (domain: string) => ['webhosting', domain, 'php'] as const,
  iniAvailable: (domain: string) => ['webhosting', domain, 'ini-available'] as const,
  webusers: (domain: string) => ['webhosting', domain, 'webuser'] as const,
  dirs: (domain: string) => ['webhosting', domain, 'protected-directory'] as const,
};

/**
 * Subdomains, FTP accounts and protected directories refer to each other: refresh them together.
 * A delete does not wait for the refetch, so its screen leaves before asking for what is gone.
 */
function useRefresh(domain: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: whKeys.all(domain) });
}

export function useSubdomains(domain: string) {
  return useQuery({
    queryKey: whKeys.subdomains(domain),
    queryFn: ({ signal }) => api(w.listSubdomains, { params: { domain } }, { signal }),
  });
}

export function useSubdomain(domain: string, sub: string) {
  return useQuery({
    queryKey: whKeys.subdomain(domain, sub),
    queryFn: ({ signal }) => api(w.getSubdomain, { params: { domain, sub } }, { signal }),
  });
}

/** The server's installed PHP versions (asked through `www`, which every hosting domain has). */
export function usePhpVersions(domain: string, sub = 'www') {
  return useQuery({
    queryKey: whKeys.php(domain),
    queryFn: ({ signal }) => api(w.getPhpVersions, { params: { domain, sub } }, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useIniAvailable(domain: string, sub: string) {
  return useQuery({
    queryKey: whKeys.iniAvailable(domain),
    queryFn: ({ signal }) => api(w.getIniAvailable, { params: { domain, sub } }, { signal }),
    staleTime: 5 * 60_000,
  });
}

const iniKey = (domain: string, sub: string) => [...whKeys.subdomain(domain, sub), 'ini'] as const;

export function useIni(domain: string, sub: string) {
  return useQuery({
    queryKey: iniKey(domain, sub),
    queryFn: ({ signal }) => api(w.getIni, { params: { domain, sub } }, { signal }),
  });
}

export function useCreateSubdomain(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: w.CreateSubdomainBody) =>
      api(w.createSubdomain, { params: { domain }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateSubdomain(domain: string, sub: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: w.UpdateSubdomainBody) =>
      api(w.updateSubdomain, { params: { domain, sub }, body }),
    onSuccess: refresh,
  });
}

export function useSetIni(domain: string, sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ini: Record<string, string>) =>
      api(w.setIni, { params: { domain, sub }, body: { ini } }),
    // The answer is the stored set: no refetch, so the form on screen stays as it is.
    onSuccess: (answer) => queryClient.setQueryData(iniKey(domain, sub), answer),
  });
}

export function useDeleteSubdomain(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (sub: string) => api(w.deleteSubdomain, { params: { domain, sub } }),
    onSuccess: () => void refresh(),
  });
}

export function useWebUsers(domain: string) {
  return useQuery({
    queryKey: whKeys.webusers(domain),
    queryFn: ({ signal }) => api(w.listWebUsers, { params: { domain } }, { signal }),
  });
}

export function useWebUser(domain: string, name: string) {
  return useQuery({
    queryKey: [...whKeys.webusers(domain), name],
    queryFn: ({ signal }) => api(w.getWebUser, { params: { domain, name } }, { signal }),
  });
}

export function useCreateWebUser(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: w.CreateWebUserBody) => api(w.createWebUser, { params: { domain }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateWebUser(domain: string, name: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api(w.updateWebUser, { params: { domain, name }, body: { password } }),
  });
}

export function useDeleteWebUser(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (name: string) => api(w.deleteWebUser, { params: { domain, name } }),
    onSuccess: () => void refresh(),
  });
}

export function useProtectedDirectories(domain: string) {
  return useQuery({
    queryKey: whKeys.dirs(domain),
    queryFn: ({ signal }) => api(w.listProtectedDirectories, { params: { domain } }, { signal }),
  });
}

export function useProtectedDirectory(domain: string, dir: number) {
  return useQuery({
    queryKey: [...whKeys.dirs(domain), dir],
    queryFn: ({ signal }) => api(w.getProtectedDirectory, { params: { domain, dir } }, { signal }),
    enabled: Number.isInteger(dir) && dir > 0,
  });
}

export function useCreateProtectedDirectory(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: w.CreateProtectedDirectoryBody) =>
      api(w.createProtectedDirectory, { params: { domain }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteProtectedDirectory(domain: string) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (dir: number) => api(w.deleteProtectedDirectory, { params: { domain, dir } }),
    onSuccess: () => void refresh(),
  });
}

export function useCreateProtectedUser(domain: string, dir: number) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (body: w.ProtectedUserBody) =>
      api(w.createProtectedUser, { params: { domain, dir }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateProtectedUser(domain: string, dir: number, username: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api(w.updateProtectedUser, { params: { domain, dir, username }, body: { password } }),
  });
}

export function useDeleteProtectedUser(domain: string, dir: number) {
  const refresh = useRefresh(domain);
  return useMutation({
    mutationFn: (username: string) =>
      api(w.deleteProtectedUser, { params: { domain, dir, username } }),
    onSuccess: refresh,
  });
}
