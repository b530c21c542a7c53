import { join } from 'node:path';
import { webhosting } from '@haven/contract';
import type { NodePorts } from '../../model/node-ports.ts';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import type { DomainSite, SiteChange } from '../../platform/web-server/web-server.port.ts';
import type { WebServer } from '../../platform/web-server/web-server.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import type { ProtectedDirsStore } from './protected-dirs.store.ts';
import type { SubdomainsStore } from './subdomains.store.ts';
import { keyOf, type Domain } from './webhosting.ports.ts';

const { PHP_INI_SETTINGS } = webhosting;

/** `www` serves httpdocs; every other subdomain its own folder (the fixed home layout). */
export function docrootOf(sub: string): string {
  return sub === 'www' ? 'httpdocs' : `subdomains/${sub}`;
}

export function hostnamesOf(sub: string, domain: string): string[] {
  return sub === 'www' ? [`www.${domain}`, domain] : [`${sub}.${domain}`];
}

/** What to leave out when the site is applied before rows are deleted (so a refusal changes nothing). */
export interface Without {
  subdomain?: number;
  dir?: number;
  user?: { dir: number; name: string };
}

export interface SiteDeps {
  subdomains: SubdomainsStore;
  dirs: ProtectedDirsStore;
  webServer: NodePorts<WebServer>;
  webspace: NodePorts<NodeWebspace>;
  /** The absolute path of a domain's home (the same on every node). */
  homeOf: (domain: string) => string;
  /** The installed certificate of a domain (the SSL area registers it; none: HTTP only). */
  tls?: { of(domain: Domain): Promise<DomainSite['tls']> };
}

/** Builds a domain's whole site from the panel state and has the web server apply it. */
export function createSiteSync(deps: SiteDeps) {
  const { subdomains, dirs, webspace } = deps;

  async function build(domain: Domain, without: Without): Promise<DomainSite> {
    const home = deps.homeOf(domain.name);
    const owner = await webspace(domain.node).ensureOwner(keyOf(domain));
    const [subs, ini, dirRows, users] = await Promise.all([
      subdomains.list(domain.id),
      subdomains.iniOfDomain(domain.id),
      dirs.list(domain.id),
      dirs.usersOfDomain(domain.id),
    ]);
    const defaults = Object.fromEntries(PHP_INI_SETTINGS.map((s) => [s.key, s.default]));
    const tls = (await deps.tls?.of(domain)) ?? null;
    return {
      tls,
      domainId: domain.id,
      domain: domain.name,
      home,
      owner: owner && {
        user: owner.user,
        group: owner.group,
        tmp: owner.tmp,
        sessions: owner.sessions,
      },
      subdomains: subs
        .filter((s) => s.id !== without.subdomain)
        .map((s) => ({
          name: s.name,
          hostnames: hostnamesOf(s.name, domain.name),
          docroot: join(home, docrootOf(s.name)),
          php: s.php,
          ini: {
            ...defaults,
            ...Object.fromEntries(
              ini.filter((i) => i.subdomain_id === s.id).map((i) => [i.key, i.value]),
            ),
          },
          protectedDirs: dirRows
            .filter((d) => d.subdomain_id === s.id && d.id !== without.dir)
            .map((d) => ({
              id: d.id,
              path: d.path,
              description: d.description,
              users: users
                .filter(
                  (u) =>
                    u.dir_id === d.id &&
                    !(without.user?.dir === d.id && without.user.name === u.name),
                )
                .map((u) => ({ name: u.name, hash: u.password_hash })),
            })),
        })),
    };
  }

  return {
    async apply(domain: Domain, without: Without = {}, reload = false): Promise<SiteChange[]> {
      const site = await build(domain, without);
      try {
        return await deps.webServer(domain.node).applySite(site, { reload });
      } catch (error) {
        // Saved and queued: the node applies it when it is back; what differs is not known yet.
        if (error instanceof ChangePendingError) return [];
        throw error;
      }
    },
    remove: (domain: Domain) => deps.webServer(domain.node).removeSite(domain.id, domain.name),
  };
}
export type SiteSync = ReturnType<typeof createSiteSync>;

/**
 * Makes a folder below the domain's home on its node (each missing folder on the way, links
 * refused) and gives the folders it made, and the one asked for, to the domain's own system
 * account, which its PHP and FTP users act as (else HAVEN_WEB_USER when Haven is root; a no-op
 * otherwise). One folder at a time: the node's webspace cannot call back into its FTP server.
 * Answers whether the folder asked for was new, so a failed step can take it away again.
 */
export type OwnedFolder = (
  domain: Domain,
  rel: string,
) => Promise<{ path: string; created: boolean }>;

export function createOwnedFolder(
  webspace: NodePorts<NodeWebspace>,
  ftp: NodePorts<FtpServer>,
): OwnedFolder {
  return async (domain, rel) => {
    const owner = await webspace(domain.node).ensureOwner(keyOf(domain));
    const segments = rel.split('/');
    let folder = { path: '', created: false };
    for (let i = 1; i <= segments.length; i++) {
      folder = await webspace(domain.node).ensureFolder(
        domain.name,
        segments.slice(0, i).join('/'),
      );
      if (folder.created || i === segments.length) await ftp(domain.node).grant(folder.path, owner);
    }
    return folder;
  };
}
