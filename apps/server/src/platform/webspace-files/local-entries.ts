import { constants } from 'node:fs';
import { rename as renameAt } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ensureDirs,
  inDir,
  inParent,
  invalidPath,
  isInside,
  linkRefused,
  linkTarget,
  openConfined,
} from '../../lib/confine.ts';
import { copyTree, makeDir } from './local-copy.ts';
import { filesError } from './local-failures.ts';
import { assertLinksInside } from './local-links.ts';
import { adopt, foundOf, infoOf, ownerOf, type Homes } from './local-homes.ts';
import { MANGLED, rawEntries, renameRaw, shownName } from './local-raw-names.ts';
import { readNames, statNames, treeSize, walk } from './local-walk.ts';
import { WRITE_NEW } from './local-write.ts';
import type { FileInfo, WebspaceFiles } from './webspace-files.port.ts';

/** Resolves what each link points at (folder, file, missing, out of the home), a few at a time. */
async function describeLinks(root: string, dir: string, entries: FileInfo[]): Promise<void> {
  const links = entries.filter((e) => e.type === 'link');
  for (let i = 0; i < links.length; i += 32) {
    await Promise.all(
      links.slice(i, i + 32).map(async (e) => {
        e.linkTarget = await linkTarget(root, join(dir, e.name));
      }),
    );
  }
}

type Reading = Pick<WebspaceFiles, 'stat' | 'list' | 'walk' | 'size'>;
type Changing = Pick<
  WebspaceFiles,
  'createFile' | 'createFolder' | 'ensureFolders' | 'move' | 'renameRaw' | 'copy' | 'chmod'
>;

/** Looking at a home: entries, folders, trees. */
export function readingOf(homes: Homes): Reading {
  return {
    async stat(domain, path, options) {
      const c = await homes.at(domain, path);
      if (!c.stat) return null;
      const r = options?.follow ? await homes.followed(c) : c;
      return r.stat ? foundOf({ ...r, stat: r.stat }) : null;
    },

    async list(domain, folder) {
      const dir = await homes.folder(domain, folder);
      const entries: FileInfo[] = [];
      await inDir(dir.root, dir.path, async (at) => {
        const names = await readNames(at);
        await statNames(at, names, (name, st) => {
          entries.push(infoOf(dir.segments, name, st));
        });
        // A name that is not UTF-8 came back mangled (and was not found): listed by its bytes.
        if (names.some((n) => n.includes(MANGLED))) {
          for (const { raw, stat } of await rawEntries(at))
            entries.push({ ...infoOf(dir.segments, shownName(raw), stat), rawName: raw });
        }
      });
      await describeLinks(dir.root, dir.path, entries);
      return { path: dir.rel, entries };
    },

    async *walk(domain, folder, options) {
      const dir = await homes.folder(domain, folder);
      for await (const item of walk(dir.root, dir.path, { signal: options?.signal })) {
        yield infoOf([...dir.segments, ...item.segments.slice(0, -1)], item.name, item.stat);
      }
    },

    async size(domain, path, options) {
      const c = await homes.existing(domain, path);
      if (!c.stat.isDirectory()) return c.stat.size;
      return treeSize(c.root, c.path, options?.signal);
    },
  };
}

/** Changing a home: new entries, renames, copies, modes. */
export function changingOf(homes: Homes): Changing {
  return {
    async createFile(domain, folder, name) {
      const dir = await homes.folder(domain, folder);
      const dst = await homes.child(dir, name);
      if (dst.stat) throw filesError('exists');
      const handle = await openConfined(dst, WRITE_NEW, 0o644);
      try {
        await handle.chmod(0o644);
        const owner = ownerOf(dir.stat);
        if (owner) await handle.chown(owner.uid, owner.gid);
      } finally {
        await handle.close();
      }
      return dst.rel;
    },

    async createFolder(domain, folder, name) {
      const dir = await homes.folder(domain, folder);
      const dst = await homes.child(dir, name);
      if (dst.stat) throw filesError('exists');
      await makeDir(dst, 0o755, ownerOf(dir.stat));
      return dst.rel;
    },

    async ensureFolders(domain, folder, names) {
      const base = await homes.folder(domain, folder);
      const owner = ownerOf(base.stat);
      return (
        await ensureDirs(base, names, 0o755, (made) => inParent(made, (at) => adopt(at, owner)))
      ).rel;
    },

    async move(domain, from, folder, name) {
      const src = await homes.existing(domain, from);
      const dst = await homes.child(await homes.folder(domain, folder), name);
      if (src.name === '') throw invalidPath();
      if (dst.stat) throw filesError('exists');
      await inParent(src, (a) => inParent(dst, (b) => renameAt(a, b)));
      try {
        // Relative links read differently from the new place: a move that makes one lead out
        // of the home is undone.
        await assertLinksInside(dst.root, dst.path, src.stat);
      } catch (error) {
        await inParent(dst, (b) => inParent(src, (a) => renameAt(b, a)));
        throw error;
      }
      return dst.rel;
    },

    async renameRaw(domain, folder, raw, name) {
      const dir = await homes.folder(domain, folder);
      const dst = await homes.child(dir, name);
      await renameRaw(dir, raw, dst);
      return dst.rel;
    },

    async copy(domain, from, folder, name, options) {
      const src = await homes.existing(domain, from);
      const dir = await homes.folder(domain, folder);
      // A folder copied into itself would never end.
      if (src.name === '' || (src.stat.isDirectory() && isInside(src.path, dir.path)))
        throw invalidPath();
      const dst = await homes.child(dir, name);
      await copyTree(src, dst, ownerOf(dir.stat), options?.signal);
      return dst.rel;
    },

    async chmod(domain, path, mode) {
      const c = await homes.existing(domain, path);
      if (c.name === '') throw invalidPath();
      if (c.stat.isSymbolicLink()) throw linkRefused();
      const flags =
        constants.O_RDONLY |
        constants.O_NONBLOCK |
        (c.stat.isDirectory() ? constants.O_DIRECTORY : 0);
      const handle = await openConfined(c, flags);
      try {
        await handle.chmod(mode);
      } finally {
        await handle.close();
      }
    },
  };
}
