import type { Stats } from 'node:fs';
import { confine, joinRel, realRoot, resolveLink, type Confined } from '../../lib/confine.ts';
import type { Webspace } from '../webspace/webspace.port.ts';
import { filesError } from './local-failures.ts';
import { createState } from './local-state.ts';
import type { FileInfo, FoundEntry } from './webspace-files.port.ts';

export { adopt, ownerOf, type Owner } from './local-owner.ts';

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

/**
 * Resolves customer paths of a domain against its home. Haven's own folders (trash, temp) are
 * outside it (local-state.ts): every name in the home is the customer's.
 */
export function createHomes(webspace: Webspace) {
  const state = createState(webspace);

  async function home(domain: string): Promise<string> {
    const path = webspace.homeOf(domain);
    let real: string;
    try {
      real = await realRoot(path);
    } catch (error) {
      throw filesError('unavailable', error);
    }
    await state.migrated(domain, real);
    return path;
  }

  /** A customer path, confined to the home. */
  async function at(domain: string, input: string): Promise<Confined> {
    return confine(await home(domain), input);
  }

  /** An existing entry (not followed when it is a link). */
  async function existing(domain: string, input: string): Promise<Confined & { stat: Stats }> {
    const c = await at(domain, input);
    if (!exists(c)) throw filesError('not_found');
    return c;
  }

  /** A link to an entry inside the home replaced by that entry; a link out of it refused. */
  const followed = (c: Confined): Promise<Confined> => resolveLink(c);

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

  /** `name` in a confined folder (checked again: one plain name). */
  const child = (dir: Confined, name: string): Promise<Confined> =>
    confine(dir.root, [...dir.segments, name]);

  /** The domain's `trash` or `tmp` folder, outside the home, made on first use (0700). */
  async function privateDir(domain: string, sub: 'trash' | 'tmp'): Promise<Confined> {
    await home(domain);
    return state.dir(domain, sub);
  }

  return { home, at, existing, followed, folder, file, child, privateDir };
}
export type Homes = ReturnType<typeof createHomes>;
