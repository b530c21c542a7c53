import { mkdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isDomainName } from '@haven/contract';
import { confine, ensureDirs } from '../../lib/confine.ts';
import { chmodDir } from './home-folders.ts';
import { createHomeOwners, type DomainAccounts } from './webspace-owner.ts';
import { HOME_FOLDERS, type Webspace } from './webspace.port.ts';

/**
 * Homes under one root folder: `<dataDir>/homes/<domain>` in the local profile,
 * `/var/www/<domain>` in the debian profile. With `accounts` (Haven is root and
 * HAVEN_DOMAIN_USERS is on) each home belongs to its domain's own system user and group.
 */
export function createDirectoryWebspace(
  root: string,
  accounts: DomainAccounts | null = null,
): Webspace {
  const homeOf = (domain: string) => {
    // The name becomes a path: only a validated domain name may reach it.
    if (!isDomainName(domain)) throw new Error(`not a domain name: ${domain}`);
    return join(root, domain);
  };
  async function ensureHome(domain: string): Promise<string> {
    const home = homeOf(domain);
    for (const folder of HOME_FOLDERS)
      await mkdir(join(home, folder), { recursive: true, mode: 0o755 });
    // Not by path: a customer's `private` swapped for a link must not change its target.
    await chmodDir(join(home, 'private'), 0o750);
    return home;
  }
  const owners = createHomeOwners(accounts, ensureHome);
  return {
    homeOf,
    ensureHome,
    ensureOwner: owners.ensureOwner,
    repairOwner: owners.repairOwner,
    async removeHome(domain) {
      await rm(homeOf(domain.name), { recursive: true, force: true });
      await owners.removeOwner(domain);
    },
    async ensureFolder(domain, rel, own) {
      const home = await ensureHome(domain);
      const segments = rel.split('/');
      const before = await confine(home, segments).catch(() => null);
      const made = await ensureDirs(
        await confine(home, []),
        segments,
        0o755,
        own && ((c) => own(c.path)),
      );
      if (own) await own(made.path);
      return { path: made.path, created: !before?.stat };
    },
    async removeEmptyFolder(domain, rel) {
      const folder = await confine(homeOf(domain), rel.split('/')).catch(() => null);
      if (folder?.stat?.isDirectory()) await rmdir(folder.path).catch(() => undefined);
    },
  };
}
