import type { FtpAccounts } from '../../model/ftp-accounts.ts';
import type { SslSites } from '../../model/ssl-sites.ts';
import type { SubdomainSites } from '../../model/subdomain-sites.ts';
import type { WebsiteForwards } from '../../model/website-forwards.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import { LOCAL_NODE, type NodePorts } from '../../model/node-ports.ts';
import type { WebServer } from '../../platform/web-server/web-server.port.ts';
import type { NodeOf } from './webhosting.ports.ts';
import type { SubdomainAdded, SubdomainEvents, SubdomainRemoved } from './subdomain-events.ts';
import type { LinkCounter, SubdomainLinks } from './subdomain-links.ts';
import type { WebUsersStore } from './webusers.store.ts';
import type { SubdomainsStore } from './subdomains.store.ts';
import { subdomainSites } from './subdomain-sites.ts';

/** What the webhosting area offers other areas, on purpose; areas/registry.ts passes it on. */
export interface WebhostingExports {
  /** A web app area registers how many of its apps use a subdomain; such a subdomain stays. */
  subdomainLinks: { register(counter: LinkCounter): void };
  /** Another area hears of each new subdomain (the DNS area serves its name). */
  subdomainAdded: { register(listener: SubdomainAdded): void };
  /** Another area hears of each deleted subdomain (DNS drops its record, logs its log files). */
  subdomainRemoved: { register(listener: SubdomainRemoved): void };
  /** The DNS area's website forward, served by this area's web server (one change at a time). */
  websiteForwards: WebsiteForwards;
  /**
   * The logs area's rotation makes nginx reopen the renamed logs (USR1 to its master) on the
   * node whose logs it rotated (the local node's when it names none).
   */
  reopenLogs: (node?: NodeName) => Promise<boolean>;
  /** The domain's FTP accounts: cron jobs run in their folders, the file manager keeps moves inside one. */
  ftpAccounts: FtpAccounts;
  /** The SSL area's view of the sites: host names, a re-apply, the web server's folders. */
  sslSites: SslSites;
  /** The web apps' view of the subdomains (name, document root, PHP). */
  subdomainSites: SubdomainSites;
  /** How many subdomains and FTP accounts a domain has (the dashboard's other statistics). */
  objectCounts: (domainId: number) => Promise<{ subdomains: number; ftp_accounts: number }>;
}

export function webhostingExports(
  links: SubdomainLinks,
  events: SubdomainEvents,
  web: { webServer: NodePorts<WebServer>; nodeOf: NodeOf },
  webusers: WebUsersStore,
  subdomains: SubdomainsStore,
  sslSites: SslSites,
): WebhostingExports {
  return {
    subdomainLinks: { register: (counter) => links.register(counter) },
    subdomainAdded: { register: (listener) => events.register(listener) },
    subdomainRemoved: { register: (listener) => events.registerRemoved(listener) },
    websiteForwards: {
      // The DNS area names the domain; its forward is served by the domain's node.
      serve: async (domain, forward) =>
        web
          .webServer(await web.nodeOf.byName(domain))
          .applyForward(
            domain,
            forward && { domain, hostnames: [domain, `www.${domain}`], ...forward },
          ),
    },
    reopenLogs: (node = LOCAL_NODE) => web.webServer(node).reopenLogs(),
    ftpAccounts: {
      list: async (domainId) =>
        (await webusers.list(domainId)).map(({ id, name, home }) => ({ id, name, home })),
    },
    sslSites,
    subdomainSites: subdomainSites(subdomains),
    objectCounts: async (domainId) => {
      const [subs, users] = await Promise.all([subdomains.list(domainId), webusers.list(domainId)]);
      return { subdomains: subs.length, ftp_accounts: users.length };
    },
  };
}
