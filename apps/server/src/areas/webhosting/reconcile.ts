import { basename, join } from 'node:path';
import type { DomainRef } from '../../model/principal.ts';
import type { Difference } from '../../model/reconcile.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import type { SiteChange } from '../../platform/web-server/web-server.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import type { ProtectedDirsStore } from './protected-dirs.store.ts';
import { docrootOf, type OwnedFolder, type SiteSync } from './site.ts';
import { keyOf } from './webhosting.ports.ts';
import type { SubdomainsStore } from './subdomains.store.ts';
import type { WebUsersStore } from './webusers.store.ts';

export interface ReconcileDeps {
  subdomains: SubdomainsStore;
  dirs: ProtectedDirsStore;
  webusers: WebUsersStore;
  site: SiteSync;
  ftp: NodePorts<FtpServer>;
  webspace: NodePorts<NodeWebspace>;
  homeOf: (domain: string) => string;
  folder: OwnedFolder;
}

/**
 * Rewrites a domain's webhosting from SQL: its folders, nginx vhost, PHP-FPM pools (with the ini
 * values), htpasswd files (checked by `nginx -t` and `php-fpm -t`, reloaded when they differ) and
 * its FTP accounts (the puredb rebuilt). Answers what differed; nothing when all was in place.
 */
export function createWebhostingReconcile(deps: ReconcileDeps) {
  const { subdomains, dirs, webspace } = deps;

  async function folders(domain: DomainRef): Promise<string[]> {
    const subs = await subdomains.list(domain.id);
    const wanted = [
      ...subs.map((s) => docrootOf(s.name)),
      ...(await dirs.list(domain.id)).map((d) => `${docrootOf(d.subdomain)}/${d.path}`),
    ];
    const made: string[] = [];
    for (const rel of wanted) if ((await deps.folder(domain, rel)).created) made.push(rel);
    return made.map((rel) => `folder ${rel} of ${domain.name} created`);
  }

  async function siteFiles(domain: DomainRef, reload: boolean): Promise<string[]> {
    const changes = await deps.site.apply(domain, {}, reload);
    if (changes.length === 0) return [];
    const dirNames = new Map(
      (await dirs.list(domain.id)).map((d) => [d.id, `${d.subdomain}/${d.path}`]),
    );
    const what = (c: SiteChange): string => {
      switch (c.kind) {
        case 'server-blocks':
          return `nginx vhost of ${domain.name}`;
        case 'php-pool':
          return `PHP-FPM pool (${c.php}) of ${domain.name}`;
        case 'htpasswd':
          return `htpasswd of protected directory ${dirNames.get(c.dirId) ?? `#${c.dirId}`} of ${domain.name}`;
        case 'shared':
          return `shared web server file ${basename(c.path)}`;
      }
    };
    return changes.map((c) => `${what(c)} ${c.removed ? 'removed' : 'rewritten'}`);
  }

  async function ftpAccounts(domain: DomainRef): Promise<string[]> {
    const home = deps.homeOf(domain.name);
    const users = await deps.webusers.list(domain.id);
    const owner = await webspace(domain.node).ensureOwner(keyOf(domain));
    const d = await deps.ftp(domain.node).reconcileAccounts(
      users.map((u) => ({
        login: u.name,
        hash: u.password_hash,
        home: join(home, u.home),
        owner,
      })),
      home,
    );
    return [
      ...d.added.map((l) => `FTP user ${l} of ${domain.name} added`),
      ...d.rewritten.map((l) => `FTP user ${l} of ${domain.name} rewritten`),
      ...d.removed.map((l) => `FTP user ${l} of ${domain.name} removed (not in the panel)`),
      ...(d.rebuilt ? ['FTP user database rebuilt (pure-pw mkdb)'] : []),
    ];
  }

  return async (domain: DomainRef): Promise<Difference[]> => {
    if (domain.package !== 'HOSTING') return [];
    // First: the folders and files below are then made for (and given to) the domain's account.
    const owner = await webspace(domain.node).repairOwner(keyOf(domain));
    const texts = [
      ...owner.differences,
      ...(await folders(domain)),
      // A user made again has new ids: nginx's workers and PHP-FPM take them up on a reload.
      ...(await siteFiles(domain, owner.made)),
      ...(await ftpAccounts(domain)),
    ];
    return texts.map((text) => ({ domain: domain.name, area: 'webhosting', text }));
  };
}
