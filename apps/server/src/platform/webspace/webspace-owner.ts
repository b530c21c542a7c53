import { chmod, lchown, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SystemUsers } from '../system-users/system-users.port.ts';
import { HOME_FOLDERS, type DomainKey, type HomeOwner } from './webspace.port.ts';

/** How Haven names and makes the per-domain accounts (HAVEN_DOMAIN_USERS and its prefix). */
export interface DomainAccounts {
  users: SystemUsers;
  /** `<prefix><domain id>` is the user and group name: unique per installation (and test run). */
  prefix: string;
  /** Added to every domain group, so nginx workers read the sites through the group only. */
  webUser: string;
}

interface Owned {
  uid: number;
  gid: number;
}

/** Gives one entry (never what a link points to) to the account; true when it changed. */
async function give(path: string, to: Owned): Promise<boolean> {
  const st = await lstat(path).catch(() => null);
  if (!st || (st.uid === to.uid && st.gid === to.gid)) return false;
  await lchown(path, to.uid, to.gid);
  return true;
}

/** chown -R without following links; files with more than one hard link are counted, not changed. */
async function giveAll(dir: string, to: Owned, count: { fixed: number; shared: number }) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    const st = await lstat(path).catch(() => null);
    if (!st) continue;
    if (!st.isDirectory() && !st.isSymbolicLink() && st.nlink > 1) {
      // A hard link may be another customer's file: giving it away would hand it over.
      if (st.uid !== to.uid || st.gid !== to.gid) count.shared += 1;
      continue;
    }
    if (await give(path, to)) count.fixed += 1;
    if (st.isDirectory()) await giveAll(path, to, count);
  }
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
    await mkdir(sessions, { recursive: true, mode: 0o700 });
    let fixed = 0;
    for (const path of [home, ...HOME_FOLDERS.map((f) => join(home, f)), tmp, sessions])
      if (await give(path, account)) fixed += 1;
    const st = await lstat(home);
    // Other customers' users must not enter; nginx (in the group) may read.
    if ((st.mode & 0o777) !== 0o750) await chmod(home, 0o750);
    const owner: HomeOwner = { ...account, tmp, sessions };
    known.set(d.id, owner);
    return { owner, created, fixed, home };
  }

  return {
    async ensureOwner(d: DomainKey): Promise<HomeOwner | null> {
      if (!accounts) return null;
      return known.get(d.id) ?? (await prepare(d, accounts)).owner;
    },

    async repairOwner(d: DomainKey): Promise<string[]> {
      if (!accounts) return [];
      const { owner, created, fixed, home } = await prepare(d, accounts);
      const count = { fixed, shared: 0 };
      await giveAll(home, owner, count);
      return [
        ...(created ? [`system user ${owner.user} of ${d.name} created`] : []),
        ...(count.fixed > 0
          ? [`${count.fixed} entries in the home of ${d.name} given to ${owner.user}`]
          : []),
        ...(count.shared > 0
          ? [
              `${count.shared} files with more than one hard link in the home of ${d.name} left to their owner`,
            ]
          : []),
      ];
    },

    async removeOwner(d: DomainKey): Promise<void> {
      known.delete(d.id);
      if (accounts) await accounts.users.remove(nameOf(d), comment(d));
    },
  };
}
