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
