import type { SubdomainSites } from '../../model/subdomain-sites.ts';
import { docrootOf } from './site.ts';
import type { SubdomainsStore } from './subdomains.store.ts';

/** The domain's subdomains for another area (web apps install into their document roots). */
export const subdomainSites = (subdomains: SubdomainsStore): SubdomainSites => ({
  list: async (domainId) =>
    (await subdomains.list(domainId)).map((s) => ({
      name: s.name,
      docroot: docrootOf(s.name),
      php: s.php,
    })),
});
