import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from '../../lib/process.ts';
import type { DomainSite } from './web-server.port.ts';

/** A group's id by name (getent: local files, LDAP, whatever NSS knows). */
export async function groupId(name: string): Promise<number> {
  const res = await run('getent', ['group', name], { timeoutMs: 5000 });
  const gid = Number(res.stdout.split(':')[2]);
  if (res.code !== 0 || !Number.isInteger(gid)) throw new Error(`no such group: ${name}`);
  return gid;
}

const gids = new Map<string, Promise<number>>();

/**
 * The access and error log of each subdomain, made before nginx opens them: nginx's master would
 * make them root:root, and reconcile gives each log to root and the domain's group (`logs/` is
 * root's, so no link can be put there). Only with a domain account, and only as root.
 */
export async function ensureLogFiles(site: DomainSite): Promise<void> {
  if (!site.owner || process.getuid?.() !== 0) return;
  const group = site.owner.group;
  let gid = gids.get(group);
  if (!gid) gids.set(group, (gid = groupId(group)));
  const to = await gid.catch(() => null);
  if (to === null) return;
  for (const sub of site.subdomains) {
    for (const kind of ['access', 'error']) {
      const path = join(site.home, 'logs', `${sub.name}.${kind}.log`);
      const flags =
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
      // No logs/ yet (the home is made later) or a link there: left to nginx and reconcile.
      const handle = await open(path, flags, 0o640).catch(() => null);
      if (!handle) continue;
      try {
        const st = await handle.stat();
        if (st.nlink === 1 && (st.uid !== 0 || st.gid !== to)) await handle.chown(0, to);
      } finally {
        await handle.close();
      }
    }
  }
}
