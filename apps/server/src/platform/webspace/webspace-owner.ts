import { lstat, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { inDir, realRoot } from '../../lib/confine.ts';
import type { SystemUsers } from '../system-users/system-users.port.ts';
import { chmodDir, give, realDir, type Owned } from './home-folders.ts';
import { HOME_FOLDERS, type DomainKey, type HomeOwner } from './webspace.port.ts';

/** How Haven names and makes the per-domain accounts (HAVEN_DOMAIN_USERS and its prefix). */
export interface DomainAccounts {
  users: SystemUsers;
  /** `<prefix><domain id>` is the user and group name: unique per installation (and test run). */
  prefix: string;
  /** Added to every domain group, so nginx workers read the sites through the group only. */
  webUser: string;
}

interface Count {
  fixed: number;
  shared: number;
  links: number;
}

/**
 * chown -R that never follows a link: each folder is opened without following one and walked
 * through its handle (`inDir`), so a folder the customer swaps for a link meanwhile leads nowhere
 * outside the home. Files with more than one hard link are counted, not changed.
 */
async function giveAll(root: string, dir: string, to: Owned, count: Count, skip?: string) {
  await inDir(root, dir, async (at) => {
    for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
      if (entry.name === skip) continue;
      const path = join(at, entry.name);
      const st = await lstat(path).catch(() => null);
      if (!st) continue;
      if (!st.isDirectory() && !st.isSymbolicLink() && st.nlink > 1) {
        // A hard link may be another customer's file: giving it away would hand it over.
        if (st.uid !== to.uid || st.gid !== to.gid) count.shared += 1;
        continue;
      }
      if (await give(path, to)) count.fixed += 1;
      if (st.isDirectory()) await giveAll(root, path, to, count);
    }
  }).catch(() => undefined);
}

/**
 * `logs/` is root's (the domain's group reads it): nginx's master opens the log files there as
 * root, so the customer must not be able to swap one for a link. Links found there are removed.
 */
async function closeLogs(home: string, gid: number, count: Count): Promise<void> {
  const logs = join(home, 'logs');
  const to = { uid: 0, gid };
  await realDir(logs, 0o750);
  if (await give(logs, to)) count.fixed += 1;
  await chmodDir(logs, 0o750);
  await inDir(await realRoot(home), logs, async (at) => {
    for (const name of await readdir(at)) {
      const path = join(at, name);
      const st = await lstat(path).catch(() => null);
      if (st?.isSymbolicLink()) {
        await unlink(path);
        count.links += 1;
      } else if (st?.isFile() && st.nlink === 1 && (await give(path, to))) count.fixed += 1;
    }
  });
}

/**
 * The per-domain accounts of a webspace: made on first use, the home (0750, the domain's user
 * and group) and its standard folders given to them, plus the domain's own PHP temp folders.
 */
export function createHomeOwners(
  accounts: DomainAccounts | null,
  ensureHome: (domain: string) => Promise<string>,
) {
  const known = new Map<number, HomeOwner>();
  const nameOf = (d: DomainKey) => `${accounts?.prefix ?? ''}${d.id}`;
  const comment = (d: DomainKey) => `Haven ${d.name}`;

  async function prepare(d: DomainKey, a: DomainAccounts) {
    const home = await ensureHome(d.name);
    const { account, created } = await a.users.ensure(nameOf(d), {
      home,
      comment: comment(d),
      members: [a.webUser],
    });
    const tmp = join(home, 'tmp');
    const sessions = join(tmp, 'sessions');
    await realDir(tmp, 0o700);
    await realDir(sessions, 0o700);
    const count: Count = { fixed: 0, shared: 0, links: 0 };
    const mine = HOME_FOLDERS.filter((f) => f !== 'logs').map((f) => join(home, f));
    for (const path of [home, ...mine, tmp, sessions])
      if (await give(path, account)) count.fixed += 1;
    await closeLogs(home, account.gid, count);
    // Other customers' users must not enter; nginx (in the group) may read.
    const opened = ((await lstat(home)).mode & 0o777) !== 0o750;
    if (opened) await chmodDir(home, 0o750);
    const owner: HomeOwner = { ...account, tmp, sessions };
    known.set(d.id, owner);
    return { owner, created, count, opened, home };
  }

  return {
    ensureOwner: async (d: DomainKey): Promise<HomeOwner | null> => {
      if (!accounts) return null;
      return known.get(d.id) ?? (await prepare(d, accounts)).owner;
    },

    repairOwner: async (d: DomainKey): Promise<{ differences: string[]; made: boolean }> => {
      if (!accounts) return { differences: [], made: false };
      const { owner, created, count, opened, home } = await prepare(d, accounts);
      const root = await realRoot(home);
      await giveAll(root, root, owner, count, 'logs');
      const differences = [
        ...(created ? [`system user ${owner.user} of ${d.name} created`] : []),
        ...(opened ? [`home of ${d.name} closed to other users (0750)`] : []),
        ...(count.links > 0 ? [`${count.links} links in logs/ of ${d.name} removed`] : []),
        ...(count.fixed > 0
          ? [`${count.fixed} entries in the home of ${d.name} given to ${owner.user}`]
          : []),
        ...(count.shared > 0
          ? [
              `${count.shared} files with more than one hard link in the home of ${d.name} left to their owner`,
            ]
          : []),
      ];
      return { differences, made: created };
    },

    removeOwner: async (d: DomainKey): Promise<void> => {
      known.delete(d.id);
      if (accounts) await accounts.users.remove(nameOf(d), comment(d));
    },
  };
}
