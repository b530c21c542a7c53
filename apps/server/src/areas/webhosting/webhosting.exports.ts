import type { LinkCounter, SubdomainLinks } from './subdomain-links.ts';

/** What the webhosting area offers other areas, on purpose; areas/registry.ts passes it on. */
export interface WebhostingExports {
  /** A web app area registers how many of its apps use a subdomain; such a subdomain stays. */
  subdomainLinks: { register(counter: LinkCounter): void };
}

export function webhostingExports(links: SubdomainLinks): WebhostingExports {
  return { subdomainLinks: { register: (counter) => links.register(counter) } };
}
