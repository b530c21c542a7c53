import { constants, lstatSync, type Stats } from 'node:fs';
import { open, readdir, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { inDir, isCode, linkRefused, verifyHandle } from '../../lib/confine.ts';

export interface WalkItem {
  /** Names from the start folder down to this entry. */
  segments: string[];
  name: string;
  /** lstat: links are reported as links and never followed. */
  stat: Stats;
  /** Real path (folders above it were verified when opened). */
  path: string;
}

export interface WalkOptions {
  signal?: AbortSignal | undefined;
  maxDepth?: number;
}

/** lstat of names in one verified folder, in slices so a huge folder does not stall the loop. */
export async function statNames(at: string, names: readonly string[], each: (name: string, st: Stats) => void): Promise<void> {
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i] as string;
    const st = lstatSync(join(at, name), { throwIfNoEntry: false });
    if (st) each(name, st);
    if (i % 2000 === 1999) await yieldToLoop();
  }
}

/**
 * Walks a folder tree depth-first through verified folder handles (see `inDir`), never
 * following links. `visit` returns false to skip a folder's contents.
 */
export async function walk(
  root: string,
  dir: string,
  visit: (item: WalkItem) => Promise<boolean | void> | boolean | void,
  options: WalkOptions = {},
): Promise<void> {
  const maxDepth = options.maxDepth ?? 64;
  async function walkDir(path: string, prefix: string[], depth: number): Promise<void> {
    const items: WalkItem[] = [];
    await inDir(root, path, async (at) => {
      const names = await readdir(at);
      await statNames(at, names, (name, stat) => items.push({ segments: [...prefix, name], name, stat, path: join(path, name) }));
    });
    for (const item of items) {
      options.signal?.throwIfAborted();
      const descend = await visit(item);
      if (item.stat.isDirectory() && descend !== false && depth < maxDepth) await walkDir(item.path, item.segments, depth + 1);
    }
  }
  await walkDir(dir, [], 0);
}

/**
 * Opens a file found by `walk` for reading: no link followed, no blocking on a FIFO, and the
 * opened file verified to be inside the root.
 */
export async function openForRead(root: string, path: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isCode(error, 'ELOOP')) throw linkRefused();
    throw error;
  }
  try {
    await verifyHandle(root, handle, path);
    if (!(await handle.stat()).isFile()) throw linkRefused();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Bytes under a folder (apparent sizes, links counted as themselves). */
export async function treeSize(root: string, dir: string, signal?: AbortSignal): Promise<number> {
  let total = 0;
  await walk(root, dir, ({ stat }) => {
    if (!stat.isDirectory()) total += stat.size;
  }, { signal });
  return total;
}
