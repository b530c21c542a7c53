import type { Stats } from 'node:fs';
import { lchown } from 'node:fs/promises';
import { fail } from './filemanager.errors.ts';
import { confine, ensureDirs, invalidPath, realRoot, resolveLink, splitPath, type Confined } from '../../lib/confine.ts';
import type { DomainRef } from '../../http/principal.ts';
import type { Webspace } from '../../platform/webspace/webspace.port.ts';

/** Haven's own folder in each home (trash, upload temp files): hidden and never a customer path. */
export const PRIVATE_DIR = '.haven';
/** The standard folders of a home stay where they are (the web server points at them). */
export const PROTECTED = new Set(['/httpdocs', '/subdomains', '/logs', '/private']);

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

/** Resolves customer paths of a domain against its home, refusing Haven's private folder. */
export function createHomes(webspace: Webspace) {
  async function home(domain: Pick<DomainRef, 'name'>): Promise<string> {
    const path = webspace.homeOf(domain.name);
    try {
      await realRoot(path);
    } catch {
      throw fail('no_ftp_connection', 'unavailable');
    }
    return path;
  }

  /** A customer path, confined to the home; `.haven` at the top is refused. */
  async function at(domain: Pick<DomainRef, 'name'>, input: string): Promise<Confined> {
    const segments = splitPath(input);
    if (segments[0] === PRIVATE_DIR) throw invalidPath();
    return confine(await home(domain), segments);
  }

  /** An existing entry (not followed when it is a link). */
  async function existing(domain: Pick<DomainRef, 'name'>, input: string): Promise<Confined> {
    const c = await at(domain, input);
    if (!c.stat) throw fail('not_found', 'not_found');
    return c;
  }

  /** An existing folder; a link to a folder inside the home is followed. */
  async function folder(domain: Pick<DomainRef, 'name'>, input: string): Promise<Confined> {
    const c = await resolveLink(await existing(domain, input));
    if (!c.stat?.isDirectory()) throw fail('not_a_directory', 'conflict');
    if (c.segments[0] === PRIVATE_DIR) throw invalidPath();
    return c;
  }

  /** An existing regular file for content operations; links out of the home are refused. */
  async function file(domain: Pick<DomainRef, 'name'>, input: string): Promise<Confined> {
    const c = await resolveLink(await existing(domain, input));
    if (!c.stat?.isFile()) throw fail('not_a_file', 'conflict');
    if (c.segments[0] === PRIVATE_DIR) throw invalidPath();
    return c;
  }

  /** `<home>/.haven/<sub>`, made on first use (mode 0700). */
  async function privateDir(domain: Pick<DomainRef, 'name'>, sub: 'trash' | 'tmp'): Promise<Confined> {
    const root = await confine(await home(domain), []);
    return ensureDirs(root, [PRIVATE_DIR, sub], 0o700);
  }

  return { home, at, existing, folder, file, privateDir };
}
export type Homes = ReturnType<typeof createHomes>;
