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

/**
 * Where an app may go: the domain's main site (its `www`, offered as its own choice) and the
 * other subdomains (the specs leave www out of the subdomain choices).
 */
export function useAppSubdomains(domain: string) {
  return useQuery({
    queryKey: keys.subdomains(domain),
    queryFn: async ({ signal }) => {
      const all = (await api(webhosting.listSubdomains, { params: { domain } }, { signal }))
        .subdomains;
      return {
        mainSite: all.some((s) => s.name_short === webapps.MAIN_SITE),
        subdomains: all.filter((s) => s.name_short !== webapps.MAIN_SITE),
      };
    },
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
