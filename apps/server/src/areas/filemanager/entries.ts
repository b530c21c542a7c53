import { constants } from 'node:fs';
import { rename as renameAt } from 'node:fs/promises';
import { AppError } from '../../lib/app-error.ts';
import { fail } from './filemanager.errors.ts';
import { confine, inParent, invalidPath, isInside, linkRefused, openConfined, splitPath, type Confined } from '../../lib/confine.ts';
import type { DomainRef } from '../../http/principal.ts';
import { copyTree, makeDir } from './copy.ts';
import { ownerOf, PROTECTED, type Homes } from './fm-home.ts';
import { assertSameUser, checkName, freeName, realRel, type FtpHomesOf } from './names.ts';

/** The home and its standard folders cannot be renamed, moved or deleted. */
export function assertMovable(c: Confined): void {
  const rel = realRel(c);
  if (rel === '/' || PROTECTED.has(rel)) throw invalidPath();
}

export function createEntries(homes: Homes, ftpHomesOf: FtpHomesOf) {
  async function target(dir: Confined, name: string): Promise<Confined> {
    return confine(dir.root, [...dir.segments, checkName(name)]);
  }

  /** Moves `src` to `dir/name`, within one user's area, never over an existing entry. */
  async function relocate(domain: DomainRef, src: Confined, dir: Confined, name: string): Promise<string> {
    assertMovable(src);
    const dst = await target(dir, name);
    if (dst.stat) throw fail('exists', 'conflict');
    if (src.stat?.isDirectory() && isInside(src.path, dir.path)) throw fail('into_itself', 'invalid');
    assertSameUser(realRel(src), realRel(dst), await ftpHomesOf(domain.id));
    await inParent(src, (from) => inParent(dst, (to) => renameAt(from, to)));
    return dst.rel;
  }

  return {
    async createFile(domain: DomainRef, path: string, name: string): Promise<string> {
      const dir = await homes.folder(domain, path);
      const dst = await target(dir, name);
      if (dst.stat) throw fail('exists', 'conflict');
      const handle = await openConfined(dst, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
      try {
        await handle.chmod(0o644);
        const owner = ownerOf(dir.stat);
        if (owner) await handle.chown(owner.uid, owner.gid);
      } finally {
        await handle.close();
      }
      return dst.rel;
    },

    async createFolder(domain: DomainRef, path: string, name: string): Promise<string> {
      const dir = await homes.folder(domain, path);
      const dst = await target(dir, name);
      if (dst.stat) throw fail('exists', 'conflict');
      try {
        await makeDir(dst, 0o755, ownerOf(dir.stat));
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw fail('create_folder_failed', 'conflict', undefined, { cause: error });
      }
      return dst.rel;
    },

    /** Specs: renaming to the same name does nothing. */
    async rename(domain: DomainRef, oldPath: string, newPath: string): Promise<string> {
      const src = await homes.existing(domain, oldPath);
      const to = splitPath(newPath);
      if (to.join('/') === src.segments.join('/')) return src.rel;
      const name = to.at(-1);
      if (!name) throw invalidPath();
      const dir = await homes.folder(domain, `/${to.slice(0, -1).join('/')}`);
      return relocate(domain, src, dir, name);
    },

    async move(domain: DomainRef, source: string, targetDir: string): Promise<string> {
      const src = await homes.existing(domain, source);
      const dir = await homes.folder(domain, targetDir);
      return relocate(domain, src, dir, src.name);
    },

    /** Copies an entry into a folder (default: its own), with a free name when needed. */
    async duplicate(domain: DomainRef, source: string, targetDir?: string, signal?: AbortSignal): Promise<string> {
      const src = await homes.existing(domain, source);
      if (src.name === '') throw invalidPath();
      const dir = await homes.folder(domain, targetDir ?? `/${src.segments.slice(0, -1).join('/')}`);
      if (src.stat?.isDirectory() && isInside(src.path, dir.path)) throw fail('into_itself', 'invalid');
      const same = await confine(dir.root, [...dir.segments, src.name]);
      const name = same.stat ? await freeName(dir, src.name, 'copy') : src.name;
      const dst = await target(dir, name);
      await copyTree(src, dst, ownerOf(dir.stat), signal);
      return dst.rel;
    },

    /** Three octal digits on a file or folder in the home; links are refused (chmod follows them). */
    async chmod(domain: DomainRef, path: string, value: string): Promise<void> {
      if (!/^[0-7]{3}$/.test(value)) throw fail('validation', 'invalid', { value: 'regex' });
      const c = await homes.existing(domain, path);
      if (c.name === '') throw invalidPath();
      if (c.stat?.isSymbolicLink()) throw linkRefused();
      const dir = c.stat?.isDirectory() ?? false;
      const flags = constants.O_RDONLY | constants.O_NONBLOCK | (dir ? constants.O_DIRECTORY : 0);
      const handle = await openConfined(c, flags);
      try {
        await handle.chmod(Number.parseInt(value, 8));
      } finally {
        await handle.close();
      }
    },
  };
}
export type Entries = ReturnType<typeof createEntries>;
