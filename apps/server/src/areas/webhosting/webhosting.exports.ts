import type { WebsiteForwards } from '../../model/website-forwards.ts';
import type { WebServer } from '../../platform/web-server/web-server.port.ts';
import type { LinkCounter, SubdomainLinks } from './subdomain-links.ts';

/** What the webhosting area offers other areas, on purpose; areas/registry.ts passes it on. */
export interface WebhostingExports {
  /** A web app area registers how many of its apps use a subdomain; such a subdomain stays. */
  subdomainLinks: { register(counter: LinkCounter): void };
  /** The DNS area's website forward, served by this area's web server (one change at a time). */
  websiteForwards: WebsiteForwards;
}

export function webhostingExports(links: SubdomainLinks, webServer: WebServer): WebhostingExports {
  return {
    subdomainLinks: { register: (counter) => links.register(counter) },
    websiteForwards: {
      serve: (domain, forward) =>
        webServer.applyForward(
          domain,
          forward && { domain, hostnames: [domain, `www.${domain}`], ...forward },
        ),
    },
  };
}
