import type { SslSites } from '../../model/ssl-sites.ts';
import type { WebServerLayout } from '../../platform/web-server/layout.ts';
import type { NodeOf } from './webhosting.ports.ts';
import type { DomainSite } from '../../platform/web-server/web-server.port.ts';
import { hostnamesOf, type SiteSync } from './site.ts';
import type { SubdomainsStore } from './subdomains.store.ts';

type Source = Parameters<SslSites['useTls']>[0];

/** The SSL area's certificate source, registered after the areas are built (areas/registry.ts). */
export function createTlsHolder() {
  let source: Source | null = null;
  return {
    set: (s: Source) => void (source = s),
    of: async (domain: Parameters<Source>[0]): Promise<DomainSite['tls']> =>
      source ? source(domain) : null,
  };
}

/** What the SSL area gets of the sites: their host names, a re-apply, the web server's folders. */
export function sslSitesOf(deps: {
  subdomains: SubdomainsStore;
  site: SiteSync;
  /** The paths of the web server's layout (every node of the profile has the same). */
  layout: Pick<WebServerLayout, 'acmeChallengeRoot' | 'certDir' | 'listen' | 'tlsListen'>;
  nodeOf: NodeOf;
  tls: ReturnType<typeof createTlsHolder>;
}): SslSites {
  return {
    hostnames: async (domain) =>
      (await deps.subdomains.list(domain.id)).flatMap((s) => hostnamesOf(s.name, domain.name)),
    // Always reloaded: a renewed certificate keeps its file names, so the config text is the
    // same and only a reload makes nginx read the new files (gracefully: no connection lost).
    // On the domain's node: its own when the SSL area passes it, else its row's.
    apply: async (domain) => void (await deps.site.apply(await deps.nodeOf.of(domain), {}, true)),
    paths: {
      acmeChallengeRoot: deps.layout.acmeChallengeRoot,
      certDir: deps.layout.certDir,
      httpListen: deps.layout.listen,
      tlsListen: deps.layout.tlsListen,
    },
    useTls: (source) => deps.tls.set(source),
  };
}
