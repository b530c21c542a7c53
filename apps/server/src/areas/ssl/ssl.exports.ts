import type { SslService } from './ssl.service.ts';

type SubdomainListener = (domain: { id: number; name: string }, name: string) => Promise<void>;

/** What the SSL area offers others: it hears the webhosting area's subdomain events (areas/registry.ts). */
export interface SslExports {
  /** A new subdomain's names are added to the domain's certificate (reissued in the background). */
  subdomainAdded: SubdomainListener;
  /** A deleted subdomain drops out of the list (see the service for when it reissues). */
  subdomainRemoved: SubdomainListener;
}

export function sslExports(service: SslService): SslExports {
  return {
    subdomainAdded: (domain) => service.subdomainAdded(domain),
    subdomainRemoved: (domain, name) => service.subdomainRemoved(domain, name),
  };
}
