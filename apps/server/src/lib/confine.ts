import { constants, lstatSync, realpathSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, realpath, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from './app-error.ts';
import { inDir, isCode, notFound, verifyHandle } from './confine-fd.ts';
import { invalidPath, isInside, joinRel, splitPath } from './rel-path.ts';

/**
 * THE way Haven reaches a customer's files. Every path a customer sends is split lexically
 * ('..' is refused, never resolved), then walked from the real root one component at a time with
 * lstat: a directory symlink is followed only when its real target stays inside the root, the
 * last component is never followed unless asked (`resolveLink`), and files are opened with
 * O_NOFOLLOW and checked again through /proc/self/fd after opening, so a link swapped in between
 * the check and the open cannot lead out of the root.
 *
 * Errors (AppError codes areas list in their contract): `invalid_path` (bad input, or a path
 * that leads out of the root), `not_found` (a missing folder on the way), `link_refused` (the
 * last component is a link that points out of the root), `not_a_directory`.
 *
 * Changes by path (rename, unlink, mkdir) go through `inParent`: the parent folder is opened,
 * verified, and the name is looked up through /proc/self/fd/N (openat semantics), so swapping a
 * folder for a link between the check and the call cannot redirect them either. Without /proc
 * (not Linux) the checked real path is used and that small race remains.
 *
 * The checks themselves (lstat, realpath, open of a folder, readlink of /proc/self/fd) are
 * synchronous: each is a few microseconds on the local filesystem that holds the homes, while a
 * call through the thread pool costs more CPU than the call and, with the panel busy, waits a
 * whole turn of the event loop for its answer, and a file list would make ~5 of them in a row.
 * What grows with the data (a folder's listing, reads, writes, copies) stays asynchronous.
 */

export { inDir, isCode, verifyHandle } from './confine-fd.ts';
export {
  CONFINE_NAME_MAX_BYTES,
  CONFINE_PATH_MAX,
  invalidPath,
  isInside,
  joinRel,
  normalizeRel,
  splitPath,
} from './rel-path.ts';

export const linkRefused = () => new AppError('link_refused', 'forbidden');

/** A customer path, checked. */
export interface Confined {
  /** The root's real path. */
  root: string;
  /** Canonical customer form: '/httpdocs/index.php' ('/' is the root). */
  rel: string;
  segments: string[];
  /** Absolute path: the folders above the last name are real and inside the root. */
  path: string;
  /** Real folder that holds the last name (the root itself for '/'). */
  parent: string;
  /** Last name ('' for the root). */
  name: string;
  /** lstat of the last component (a link is reported as a link); null when it does not exist. */
  stat: Stats | null;
}

const rootCache = new Map<string, string>();

/** The real path of a root (cached: the platform's homes do not move while Haven runs). */
export async function realRoot(root: string): Promise<string> {
  const cached = rootCache.get(root);
  if (cached) return cached;
  try {
    // Synchronous, as the checks below: a few lstat calls, not a turn of the event loop.
    const real = realpathSync(root);
    if (rootCache.size > 10_000) rootCache.clear();
    rootCache.set(root, real);
    return real;
  } catch {
    throw notFound();
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    if (isCode(error, 'ENOTDIR')) throw new AppError('not_a_directory', 'conflict');
    throw error;
  }
}

/** Follows a link only when its real target is inside the root; null when it leads nowhere. */
function insideTarget(root: string, link: string): string | null {
  try {
    const target = realpathSync(link);
    return isInside(root, target) ? target : null;
  } catch (error) {
    if (isCode(error, 'ENOENT') || isCode(error, 'ELOOP')) return null;
    throw error;
  }
}

/**
 * Checks a customer path against a root. Every folder on the way must exist; the last
 * component may be missing (`stat` null) and is not followed when it is a link.
 */
export async function confine(root: string, input: string | readonly string[]): Promise<Confined> {
  if (typeof input !== 'string' && input.some((s) => s === '' || s === '.' || s.includes('/')))
    throw invalidPath();
  const segments = typeof input === 'string' ? splitPath(input) : splitPath(joinRel(input));
  const real = await realRoot(root);
  let dir = real;
  for (const name of segments.slice(0, -1)) {
    const next = join(dir, name);
    const st = lstatOrNull(next);
    if (!st) throw notFound();
    if (st.isSymbolicLink()) {
      const target = insideTarget(real, next);
      if (!target) throw invalidPath();
      const tst = lstatSync(target);
      if (!tst.isDirectory()) throw new AppError('not_a_directory', 'conflict');
      dir = target;
    } else if (st.isDirectory()) {
      dir = next;
    } else {
      throw new AppError('not_a_directory', 'conflict');
    }
  }
  const name = segments.at(-1) ?? '';
  const path = name === '' ? real : join(dir, name);
  const stat = lstatOrNull(path);
  return {
    root: real,
    rel: joinRel(segments),
    segments,
    path,
    parent: name === '' ? real : dir,
    name,
    stat,
  };
}

/**
 * For content operations: a link whose target is inside the root is replaced by that target
 * (its real path), a link out of the root (or dangling) is refused. Other entries pass unchanged.
 */
export async function resolveLink(c: Confined): Promise<Confined> {
  if (!c.stat?.isSymbolicLink()) return c;
  const target = insideTarget(c.root, c.path);
  if (!target) throw linkRefused();
  const segments = target === c.root ? [] : target.slice(c.root.length + 1).split('/');
  return confine(c.root, segments);
}

/** Where a link points, in customer terms, without ever reading through it. */
export async function linkTarget(
  root: string,
  link: string,
): Promise<'directory' | 'file' | 'missing' | 'outside'> {
  // Asynchronous, unlike the checks: a listing asks this for every link in the folder.
  try {
    const target = await realpath(link);
    if (!isInside(root, target)) return 'outside';
    return (await lstat(target)).isDirectory() ? 'directory' : 'file';
  } catch {
    return 'missing';
  }
}

/**
 * Runs `fn` with the entry's path inside its verified parent folder (see `inDir`). Use it for
 * every change by path: rename, unlink, rmdir, mkdir, symlink checks. Not for the root itself.
 * Note: chmod and utimes follow links, so they go through `openConfined` handles instead.
 */
export function inParent<T>(c: Confined, fn: (at: string) => Promise<T>): Promise<T> {
  if (c.name === '') throw invalidPath();
  return inDir(c.root, c.parent, (dir) => fn(join(dir, c.name)));
}

/**
 * Opens a confined path inside its verified parent without following a link in the last
 * component (O_NOFOLLOW), and checks the opened file once more. `flags` are fs.constants O_*.
 */
export async function openConfined(c: Confined, flags: number, mode = 0o644): Promise<FileHandle> {
  const open_ = async (at: string) => {
    try {
      return await open(at, flags | constants.O_NOFOLLOW, mode);
    } catch (error) {
      if (isCode(error, 'ELOOP')) throw linkRefused();
      if (isCode(error, 'ENOENT')) throw notFound();
      if (isCode(error, 'EISDIR')) throw new AppError('not_a_file', 'conflict');
      if (isCode(error, 'EEXIST')) throw new AppError('exists', 'conflict');
      throw error;
    }
  };
  const handle = c.name === '' ? await open_(c.path) : await inParent(c, open_);
  try {
    await verifyHandle(c.root, handle, c.path);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Creates the folders of `segments` below a confined folder as needed (mkdir -p that refuses
 * links and files on the way). Returns the innermost folder, confined.
 */
export async function ensureDirs(
  base: Confined,
  segments: readonly string[],
  mode = 0o755,
  onCreate?: (c: Confined) => Promise<void>,
): Promise<Confined> {
  let current = base;
  for (const name of segments) {
    const next = await confine(current.root, [...current.segments, name]);
    if (!next.stat) {
      let created = false;
      await inParent(next, async (at) => {
        try {
          await mkdir(at, { mode });
          created = true;
        } catch (error) {
          if (!isCode(error, 'EEXIST')) throw error;
        }
      });
      current = await confine(current.root, next.segments);
      if (!current.stat?.isDirectory()) throw invalidPath();
      if (created && onCreate) await onCreate(current);
    } else if (next.stat.isDirectory()) {
      current = next;
    } else if (next.stat.isSymbolicLink()) {
      throw linkRefused();
    } else {
      throw new AppError('not_a_directory', 'conflict');
    }
  }
  return current;
}
