import { chown, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { run } from '../../lib/process.ts';

export interface Vmail {
  uid: number;
  gid: number;
}

/** The uid and gid of the account that owns the Maildirs (Dovecot refuses root for mail). */
export async function vmailIds(user: string): Promise<Vmail> {
  // Not root: Haven cannot hand files to another account, so its own owns them.
  if (process.getuid?.() !== 0)
    return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  const [u, g] = await Promise.all([
    run('id', ['-u', user], { timeoutMs: 5000 }),
    run('id', ['-g', user], { timeoutMs: 5000 }),
  ]);
  if (u.code !== 0 || g.code !== 0) throw new Error(`mail: no such account: ${user}`);
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** The mail root, owned by the mail account and closed to others (0700). */
export async function ensureMailRoot(mailRoot: string, ids: Vmail): Promise<void> {
  // Its parent (also the passwd file's) only searchable: Dovecot's processes walk through it.
  await mkdir(dirname(mailRoot), { recursive: true, mode: 0o711 });
  await mkdir(mailRoot, { recursive: true, mode: 0o700 });
  if (process.getuid?.() === 0) await chown(mailRoot, ids.uid, ids.gid);
}

/**
 * Owner of the passwd-file: root and the group Dovecot's auth process runs as (it reads the file
 * as `dovecot`), mode 0640; as another user, that user alone.
 */
export async function passwdOwner(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const g = await run('id', ['-g', 'dovecot'], { timeoutMs: 5000 });
  if (g.code !== 0) throw new Error('mail: no dovecot account (apt-get install dovecot-core)');
  return { uid: 0, gid: Number(g.stdout.trim()) };
}
