import type { Stats } from 'node:fs';
import { lchown } from 'node:fs/promises';
import {
  confine,
  ensureDirs,
  invalidPath,
  joinRel,
  realRoot,
  resolveLink,
  splitPath,
  type Confined,
} from '../../lib/confine.ts';
import type { Webspace } from '../webspace/webspace.port.ts';
import { filesError } from './local-failures.ts';
import type { FileInfo, FoundEntry } from './webspace-files.port.ts';

/** Haven's own folder in each home (trash, temp files): hidden and never a customer path. */
export const PRIVATE_DIR = '.haven';

/** Who new entries belong to: the owner of the folder they are made in (when Haven is root). */
export interface Owner {
  uid: number;
  gid: number;
}

export function ownerOf(dir: Stats | null): Owner | null {
  if (!dir || process.getuid?.() !== 0) return null;
  if (dir.uid === 0 && dir.gid === 0) return null;
  return { uid: dir.uid, gid: dir.gid };
}

/** Gives a new entry the folder owner's uid/gid; lchown never follows a link. */
export async function adopt(at: string, owner: Owner | null): Promise<void> {
  if (owner) await lchown(at, owner.uid, owner.gid);
}

export function infoOf(segments: readonly string[], name: string, st: Stats): FileInfo {
  const type = st.isDirectory()
    ? 'directory'
    : st.isSymbolicLink()
      ? 'link'
      : st.isFile()
        ? 'file'
        : 'other';
  return {
    path: joinRel([...segments, name]),
    name,
    type,
    size: st.size,
    mtimeMs: st.mtimeMs,
    mode: st.mode & 0o7777,
  };
}

/** The canonical path of an entry by its real location (links on the way resolved). */
export function realRel(c: Confined): string {
  if (c.path === c.root) return '/';
  return joinRel(c.path.slice(c.root.length + 1).split('/'));
}

export function foundOf(c: Confined & { stat: Stats }): FoundEntry {
  return { ...infoOf(c.segments.slice(0, -1), c.name, c.stat), path: c.rel, realPath: realRel(c) };
}

const exists = (c: Confined): c is Confined & { stat: Stats } => c.stat !== null;

/** Resolves customer paths of a domain against its home, refusing Haven's private folder. */
export function createHomes(webspace: Webspace) {
  async function home(domain: string): Promise<string> {
    const path = webspace.homeOf(domain);
    try {
      await realRoot(path);
    } catch (error) {
      throw filesError('unavailable', error);
    }
    return path;
  }

  /** A customer path, confined to the home; `.haven` at the top is refused. */
  async function at(domain: string, input: string): Promise<Confined> {
    const segments = splitPath(input);
    if (segments[0] === PRIVATE_DIR) throw invalidPath();
    return confine(await home(domain), segments);
  }

  /** An existing entry (not followed when it is a link). */
  async function existing(domain: string, input: string): Promise<Confined & { stat: Stats }> {
    const c = await at(domain, input);
    if (!exists(c)) throw filesError('not_found');
    return c;
  }

  /** A link to an entry inside the home replaced by that entry; a link out of it refused. */
  async function followed(c: Confined): Promise<Confined> {
    const r = await resolveLink(c);
    if (r.segments[0] === PRIVATE_DIR) throw invalidPath();
    return r;
  }

  /** An existing folder; a link to a folder inside the home is followed. */
  async function folder(domain: string, input: string): Promise<Confined & { stat: Stats }> {
    const c = await followed(await existing(domain, input));
    if (!exists(c) || !c.stat.isDirectory()) throw filesError('not_a_directory');
    return c;
  }

  /** An existing regular file for content operations; links out of the home are refused. */
  async function file(domain: string, input: string): Promise<Confined & { stat: Stats }> {
    const c = await followed(await existing(domain, input));
    if (!exists(c) || !c.stat.isFile()) throw filesError('not_a_file');
    return c;
  }

  /** `name` in a confined folder (checked again: one plain name, not Haven's folder at the top). */
  async function child(dir: Confined, name: string): Promise<Confined> {
    if (dir.segments.length === 0 && name === PRIVATE_DIR) throw invalidPath();
    return confine(dir.root, [...dir.segments, name]);
  }

  /** `<home>/.haven/<sub>`, made on first use (mode 0700). */
  async function privateDir(domain: string, sub: 'trash' | 'tmp'): Promise<Confined> {
    const root = await confine(await home(domain), []);
    return ensureDirs(root, [PRIVATE_DIR, sub], 0o700);
  }

  return { home, at, existing, followed, folder, file, child, privateDir };
}
export type Homes = ReturnType<typeof createHomes>;
