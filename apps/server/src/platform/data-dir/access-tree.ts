import { constants } from 'node:fs';
import { chmod, lchown, lstat, mkdir, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isCode } from '../../lib/confine.ts';

/**
 * Who may enter or read one folder or file Haven keeps. `group` is a group id (a service's):
 * the entry becomes root's with that group. `open`: what is inside is managed by its own module
 * (a home, a Maildir, a service's runtime folder) and left as it is; otherwise every entry in
 * the folder that `children` does not name becomes its owner's alone (group and others' bits
 * removed; its own contents are then out of everyone else's reach).
 */
export interface Access {
  /** Absent: the mode is left as its own module set it. */
  mode?: number;
  group?: number | null;
  /** Made (with this mode) when missing, before a service could make it with a looser one. */
  create?: boolean;
  open?: boolean;
  children?: Readonly<Record<string, Access>>;
}

/**
 * Applies a tree of modes, idempotently, never following a link (a link is closed by nothing:
 * what it points to has its own entry, or is not Haven's). Returns one line per change.
 */
export async function applyAccess(path: string, access: Access, root: boolean): Promise<string[]> {
  const changes: string[] = [];
  let st = await lstat(path).catch(() => null);
  // Made now: nothing to report, but the group and the exact mode (past the umask) still to set.
  const made = !st && access.create === true && access.mode !== undefined;
  if (made) {
    await mkdir(path, { recursive: true, mode: access.mode });
    st = await lstat(path);
  }
  if (!st || st.isSymbolicLink()) return changes;
  const group = root && access.group != null ? access.group : null;
  if (group !== null && (st.uid !== 0 || st.gid !== group)) {
    await lchown(path, 0, group);
    if (!made) changes.push(`${path}: owner root, group ${group}`);
  }
  const mode = access.mode === undefined ? null : access.mode & (st.isDirectory() ? 0o7777 : 0o666);
  if (mode !== null && (st.mode & 0o7777) !== mode) {
    await chmodNoFollow(path, mode);
    if (!made) changes.push(`${path}: mode ${mode.toString(8)}`);
  }
  if (!st.isDirectory() || access.open) return changes;
  const declared = Object.entries(access.children ?? {}).filter(([, c]) => c.create);
  const names = new Set([...declared.map(([n]) => n), ...(await readdir(path))]);
  for (const name of names) {
    const child = access.children?.[name];
    changes.push(
      ...(child ? await applyAccess(join(path, name), child, root) : await close(join(path, name))),
    );
  }
  return changes;
}

/** Makes one entry Haven keeps its owner's alone (a group a service needs is declared instead). */
async function close(path: string): Promise<string[]> {
  const st = await lstat(path).catch(() => null);
  if (!st || st.isSymbolicLink() || (st.mode & 0o077) === 0) return [];
  const mode = st.mode & 0o7700;
  await chmodNoFollow(path, mode);
  return [`${path}: mode ${mode.toString(8)}`];
}

async function chmodNoFollow(path: string, mode: number): Promise<void> {
  let handle;
  try {
    // O_PATH is not enough for fchmod; a socket or fifo cannot be opened: chmod those by path.
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isCode(error, 'ENXIO') || isCode(error, 'EOPNOTSUPP')) return chmod(path, mode);
    if (isCode(error, 'ENOENT') || isCode(error, 'ELOOP')) return;
    throw error;
  }
  try {
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}
