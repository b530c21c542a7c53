import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as webapps from '@haven/contract/webapps';
import * as webhosting from '@haven/contract/webhosting';
import { api } from '../../lib/api.ts';

const keys = {
  all: (domain: string) => ['webapps', domain] as const,
  packages: (domain: string) => ['webapps', domain, 'packages'] as const,
  subdomains: (domain: string) => ['webapps', domain, 'subdomains'] as const,
};

export function useWebapps(domain: string) {
  return useQuery({
    queryKey: keys.all(domain),
    queryFn: ({ signal }) => api(webapps.listWebapps, { params: { domain } }, { signal }),
  });
}

export function usePackages(domain: string) {
  return useQuery({
    queryKey: keys.packages(domain),
    queryFn: ({ signal }) => api(webapps.listPackages, { params: { domain } }, { signal }),
  });
}

/** The subdomains an app may go on: every one but www (specs part 2). */
export function useAppSubdomains(domain: string) {
  return useQuery({
    queryKey: keys.subdomains(domain),
    queryFn: async ({ signal }) =>
      (await api(webhosting.listSubdomains, { params: { domain } }, { signal })).subdomains.filter(
        (s) => s.name_short !== 'www',
      ),
  });
}

export function useInstallWebapp(domain: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: webapps.InstallBody) =>
      api(webapps.installWebapp, { params: { domain }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all(domain) }),
  });
}

export function useDeleteWebapp(domain: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(webapps.deleteWebapp, { params: { domain, id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all(domain) }),
  });
}
