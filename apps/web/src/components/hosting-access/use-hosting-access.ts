import { useQuery } from '@tanstack/react-query';
import * as hosting from '@haven/contract/hosting';
import { api } from '../../lib/api.ts';

/**
 * Where this installation serves the domain (a subdomain's address, FTP, the zone's server) and
 * whether the services run. Shared by the webhosting and DNS screens; a failed call shows nothing.
 */
export function useHostingAccess(domain: string) {
  return useQuery({
    queryKey: ['hosting', domain, 'access'],
    queryFn: ({ signal }) => api(hosting.hostingAccess, { params: { domain } }, { signal }),
    staleTime: 30_000,
    retry: false,
  });
}

export type HostingAccessView = hosting.HostingAccessView;
export const subdomainAddress = hosting.subdomainAddress;
