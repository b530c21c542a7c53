import { AppError } from '../../lib/app-error.ts';
import { fail } from './filemanager.errors.ts';
import { invalidPath, splitPath } from '../../lib/rel-path.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { FoundEntry } from '../../platform/webspace-files/webspace-files.port.ts';
import { childOf, parentOf, PROTECTED, within, type Files } from './domain-files.ts';
import { assertSameUser, checkName, freeName, type FtpHomesOf } from './names.ts';
import type { Quota } from './quota.service.ts';

/** The home and its standard folders cannot be renamed, moved or deleted. */
export function assertMovable(entry: FoundEntry): void {
  if (entry.realPath === '/' || PROTECTED.has(entry.realPath)) throw invalidPath();
}

const intoItself = (src: FoundEntry, dir: FoundEntry) =>
  src.type === 'directory' && within(src.realPath, dir.realPath);

export function createEntries(files: Files, quota: Quota, ftpHomesOf: FtpHomesOf) {
  /** Moves `src` to `dir/name`, within one user's area, never over an existing entry. */
  async function relocate(
    domain: DomainRef,
    src: FoundEntry,
    dir: FoundEntry,
    name: string,
  ): Promise<string> {
    assertMovable(src);
    checkName(name);
    if (await files.on(domain).stat(domain.name, childOf(dir.path, name)))
      throw fail('exists', 'conflict');
    if (intoItself(src, dir)) throw fail('into_itself', 'invalid');
    assertSameUser(src.realPath, childOf(dir.realPath, name), await ftpHomesOf(domain.id));
    return files.on(domain).move(domain.name, src.path, dir.path, name);
  }

  return {
    async createFile(domain: DomainRef, path: string, name: string): Promise<string> {
      return files.on(domain).createFile(domain.name, path, checkName(name));
    },

    async createFolder(domain: DomainRef, path: string, name: string): Promise<string> {
      try {
        return await files.on(domain).createFolder(domain.name, path, checkName(name));
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw fail('create_folder_failed', 'conflict', undefined, { cause: error });
      }
    },

    /** Specs: renaming to the same name does nothing. */
    async rename(domain: DomainRef, oldPath: string, newPath: string): Promise<string> {
      const src = await files.existing(domain, oldPath);
      const to = splitPath(newPath);
      if (to.join('/') === splitPath(src.path).join('/')) return src.path;
      const name = to.at(-1);
      if (!name) throw invalidPath();
      const dir = await files.folder(domain, `/${to.slice(0, -1).join('/')}`);
      return relocate(domain, src, dir, name);
    },

    async move(domain: DomainRef, source: string, targetDir: string): Promise<string> {
      const src = await files.existing(domain, source);
      const dir = await files.folder(domain, targetDir);
      return relocate(domain, src, dir, src.name);
    },

    /** A name that is not UTF-8 (listed with its bytes as `raw_name`) gets a valid one. */
    async renameRaw(domain: DomainRef, path: string, rawName: string, name: string) {
      const dir = await files.folder(domain, path);
      return files
        .on(domain)
        .renameRaw(domain.name, dir.path, Buffer.from(rawName, 'base64url'), checkName(name));
    },

    /** Copies an entry into a folder (default: its own), with a free name when needed. */
    async duplicate(
      domain: DomainRef,
      source: string,
      targetDir?: string,
      signal?: AbortSignal,
    ): Promise<string> {
      const src = await files.existing(domain, source);
      if (src.name === '') throw invalidPath();
      const dir = await files.folder(domain, targetDir ?? parentOf(src.path));
      if (intoItself(src, dir)) throw fail('into_itself', 'invalid');
      const taken = await files.on(domain).stat(domain.name, childOf(dir.path, src.name));
      const name = checkName(
        taken ? await freeName(files, domain, dir.path, src.name, 'copy') : src.name,
      );
      const bytes =
        src.type === 'directory'
          ? await files.on(domain).size(domain.name, src.path, { signal })
          : src.size;
      return quota.spend(domain, bytes, () =>
        files.on(domain).copy(domain.name, src.path, dir.path, name, { signal }),
      );
    },

    /** Three octal digits on a file or folder in the home; links are refused (chmod follows them). */
    async chmod(domain: DomainRef, path: string, value: string): Promise<void> {
      if (!/^[0-7]{3}$/.test(value)) throw fail('validation', 'invalid', { value: 'regex' });
      const entry = await files.existing(domain, path);
      if (entry.name === '') throw invalidPath();
      if (entry.type === 'link') throw fail('link_refused', 'forbidden');
      await files.on(domain).chmod(domain.name, entry.path, Number.parseInt(value, 8));
    },
  };
}
export type Entries = ReturnType<typeof createEntries>;
