import type { Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FILEMANAGER_LIMITS, type FileEntry } from '@haven/contract';
import { inDir, joinRel, linkTarget, type Confined } from '../../lib/confine.ts';
import type { DomainRef } from '../../model/principal.ts';
import { PRIVATE_DIR, type Homes } from './fm-home.ts';
import { statNames, treeSize, walk } from './walk.ts';

function entryOf(segments: readonly string[], name: string, st: Stats): FileEntry {
  const type = st.isDirectory() ? 'directory' : st.isSymbolicLink() ? 'link' : 'file';
  return {
    name,
    path: joinRel([...segments, name]),
    type,
    size: type === 'directory' ? null : st.size,
    changed: Math.floor(st.mtimeMs / 1000),
    permissions: (st.mode & 0o7777).toString(8).padStart(4, '0'),
  };
}

/** Resolves what each link points at (folder, file, missing, out of the home), a few at a time. */
async function describeLinks(root: string, dir: string, entries: FileEntry[]): Promise<void> {
  const links = entries.filter((e) => e.type === 'link');
  for (let i = 0; i < links.length; i += 32) {
    await Promise.all(
      links.slice(i, i + 32).map(async (e) => {
        e.link = { target: await linkTarget(root, join(dir, e.name)) };
      }),
    );
  }
}

export function createListing(homes: Homes) {
  return {
    /** The entries of a folder; Haven's private folder is hidden at the top. */
    async list(domain: DomainRef, path: string): Promise<{ path: string; data: FileEntry[] }> {
      const dir = await homes.folder(domain, path);
      const data: FileEntry[] = [];
      await inDir(dir.root, dir.path, async (at) => {
        const names = await readdir(at);
        await statNames(at, names, (name, st) => {
          if (dir.segments.length === 0 && name === PRIVATE_DIR) return;
          data.push(entryOf(dir.segments, name, st));
        });
      });
      await describeLinks(dir.root, dir.path, data);
      return { path: dir.rel, data };
    },

    async size(domain: DomainRef, path: string, signal?: AbortSignal): Promise<number> {
      const c: Confined = await homes.existing(domain, path);
      if (!c.stat?.isDirectory()) return c.stat?.size ?? 0;
      return treeSize(c.root, c.path, signal);
    },

    /** Names containing `q` (case-insensitive) in the folder and below, capped. */
    async search(domain: DomainRef, path: string, q: string, signal?: AbortSignal): Promise<{ data: FileEntry[]; truncated: boolean }> {
      const dir = await homes.folder(domain, path);
      const needle = q.toLowerCase();
      const data: FileEntry[] = [];
      let visited = 0;
      let truncated = false;
      const stop = new AbortController();
      const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
      try {
        await walk(dir.root, dir.path, ({ segments, name, stat }) => {
          if (dir.segments.length === 0 && segments.length === 1 && name === PRIVATE_DIR) return false;
          visited += 1;
          if (name.toLowerCase().includes(needle)) data.push(entryOf([...dir.segments, ...segments.slice(0, -1)], name, stat));
          if (data.length >= FILEMANAGER_LIMITS.searchMax || visited >= 200_000) {
            truncated = true;
            stop.abort();
          }
        }, { signal: both });
      } catch (error) {
        if (!stop.signal.aborted) throw error;
      }
      return { data, truncated };
    },
  };
}
export type Listing = ReturnType<typeof createListing>;
