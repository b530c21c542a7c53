import type { DomainRef } from './principal.ts';
import type { SiteTls } from '../platform/web-server/web-server.port.ts';

type Domain = Pick<DomainRef, 'id' | 'name'>;

/**
 * What the SSL area needs of the webhosting area's sites (wired in areas/registry.ts): the host
 * names a certificate covers, a re-apply once a certificate is installed, and where the web
 * server reads certificates and ACME answers. The SSL area registers its `tls` source back.
 */
export interface SslSites {
  hostnames(domain: Domain): Promise<string[]>;
  apply(domain: Domain): Promise<void>;
  paths: { acmeChallengeRoot: string; certDir: string; httpListen: string[]; tlsListen: string[] };
  useTls(source: (domain: Domain) => Promise<SiteTls | null>): void;
}
