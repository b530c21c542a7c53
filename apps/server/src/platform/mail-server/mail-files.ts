import { access, readFile, rename, stat, utimes } from 'node:fs/promises';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { passwdOwner } from './vmail.ts';

/** A live table's text, or null when it or its .db is absent (then it is built again). */
export async function liveTable(path: string): Promise<string | null> {
  const [text, db] = await Promise.all([
    readFile(path, 'utf8').catch(() => null),
    access(`${path}.db`).then(
      () => true,
      () => false,
    ),
  ]);
  return db ? text : null;
}

/** The passwd-file's next version beside it (owner, mode 0640, synced); `swapPasswd` puts it in. */
export async function stagePasswd(path: string, text: string): Promise<void> {
  await writeFileAtomic(`${path}.next`, text, 0o640, await passwdOwner());
}

/**
 * Renames the staged passwd-file over the live one. Dovecot re-reads it (at most once a second)
 * when the mtime, in whole seconds, or the size changes: a new hash of the same length written
 * in the same second would go unseen for good, so the new file's mtime is moved past the old's.
 */
export async function swapPasswd(path: string): Promise<void> {
  const before = await stat(path).catch(() => null);
  await rename(`${path}.next`, path);
  const after = await stat(path);
  if (before && Math.floor(after.mtimeMs / 1000) <= Math.floor(before.mtimeMs / 1000)) {
    const next = Math.floor(before.mtimeMs / 1000) + 1;
    await utimes(path, after.atime, next);
  }
}

/**
 * Waits until the second after now has begun. Dovecot's auth process looks at the passwd-file
 * at most once per second of its loop's clock (`passwd_file_sync`: `last_sync_time ==
 * ioloop_time`): a lookup earlier in the same second as the swap may have kept the old file for
 * the rest of that second, so a new mailbox would be "unknown" (550 5.1.1) to a delivery in it.
 * From the next second on, every lookup checks the file again and sees the new one.
 */
export async function afterDovecotSync(now = Date.now): Promise<void> {
  const wait = 1000 - (now() % 1000) + 5;
  await new Promise((r) => setTimeout(r, wait));
}
