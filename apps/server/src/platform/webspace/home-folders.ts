import { constants } from 'node:fs';
import { lchown, lstat, mkdir, open, unlink } from 'node:fs/promises';
import { isCode } from '../../lib/confine.ts';

/** A system account by its ids. */
export interface Owned {
  uid: number;
  gid: number;
}

/** Gives one entry (never what a link points to) to the account; true when it changed. */
export async function give(path: string, to: Owned): Promise<boolean> {
  const st = await lstat(path).catch(() => null);
  if (!st || (st.uid === to.uid && st.gid === to.gid)) return false;
  await lchown(path, to.uid, to.gid);
  return true;
}

/**
 * chmod of a folder without following a link (chmod by path would: a customer's `private`
 * swapped for a link to /etc must not make root change /etc). A link is left alone.
 */
export async function chmodDir(path: string, mode: number): Promise<void> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    if (isCode(error, 'ELOOP') || isCode(error, 'ENOTDIR') || isCode(error, 'ENOENT')) return;
    throw error;
  }
  try {
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}

/**
 * A folder Haven relies on in a home (PHP's temp, logs): a link the customer put in its place is
 * removed (root would otherwise make or change things where it points), a missing one is made.
 */
export async function realDir(path: string, mode: number): Promise<void> {
  const st = await lstat(path).catch(() => null);
  if (st?.isDirectory()) return;
  if (st?.isSymbolicLink()) await unlink(path);
  else if (st) throw new Error(`${path} is not a folder`);
  await mkdir(path, { mode }).catch((error: unknown) => {
    if (!isCode(error, 'EEXIST')) throw error;
  });
}
