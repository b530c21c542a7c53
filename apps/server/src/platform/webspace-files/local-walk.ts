import { constants, lstatSync, opendirSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
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
  /** Leaves an entry out, and with a folder everything below it. */
  skip?: (item: WalkItem) => boolean;
}

/** Entries read or stat'ed in one turn of the event loop before a folder's reading lets others in. */
const SLICE = 2000;

/**
 * The names in one verified folder, read synchronously in slices: a folder of a few hundred
 * entries costs no trip through the thread pool (under load each trip is one more turn of the
 * event loop), and a huge one does not stall the loop.
 */
export async function readNames(at: string): Promise<string[]> {
  const dir = opendirSync(at, { bufferSize: 128 });
  const names: string[] = [];
  try {
    for (let entry = dir.readSync(); entry; entry = dir.readSync()) {
      names.push(entry.name);
      if (names.length % SLICE === 0) await yieldToLoop();
    }
  } finally {
    dir.closeSync();
  }
  return names;
}

/** lstat of names in one verified folder, in slices so a huge folder does not stall the loop. */
export async function statNames(
  at: string,
  names: readonly string[],
  each: (name: string, st: Stats) => void,
): Promise<void> {
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i] as string;
    const st = lstatSync(join(at, name), { throwIfNoEntry: false });
    if (st) each(name, st);
    if (i % SLICE === SLICE - 1) await yieldToLoop();
  }
}

async function itemsOf(root: string, path: string, prefix: readonly string[]): Promise<WalkItem[]> {
  const items: WalkItem[] = [];
  await inDir(root, path, async (at) => {
    const names = await readNames(at);
    await statNames(at, names, (name, stat) =>
      items.push({ segments: [...prefix, name], name, stat, path: join(path, name) }),
    );
  });
  return items;
}

/**
 * Every entry of a folder tree, depth first, read through verified folder handles (see
 * `inDir`), never following links. Breaking out of the loop stops the walk.
 */
export async function* walk(
  root: string,
  dir: string,
  options: WalkOptions = {},
): AsyncGenerator<WalkItem> {
  const maxDepth = options.maxDepth ?? 64;
  const frames = [{ items: await itemsOf(root, dir, []), next: 0, depth: 0 }];
  for (let frame = frames.at(-1); frame; frame = frames.at(-1)) {
    const item = frame.items[frame.next];
    frame.next += 1;
    if (!item) {
      frames.pop();
      continue;
    }
    options.signal?.throwIfAborted();
    if (options.skip?.(item)) continue;
    yield item;
    if (item.stat.isDirectory() && frame.depth < maxDepth) {
      frames.push({
        items: await itemsOf(root, item.path, item.segments),
        next: 0,
        depth: frame.depth + 1,
      });
    }
  }
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
  return (await treeSizes(root, dir, signal)).total;
}

/** The same walk's bytes, also per entry at the top of the folder (its own bytes or its tree's). */
export async function treeSizes(
  root: string,
  dir: string,
  signal?: AbortSignal,
): Promise<{ total: number; top: Record<string, number> }> {
  let total = 0;
  const top: Record<string, number> = {};
  for await (const { stat, segments } of walk(root, dir, { signal })) {
    if (stat.isDirectory()) continue;
    total += stat.size;
    const name = segments[0] as string;
    top[name] = (top[name] ?? 0) + stat.size;
  }
  return { total, top };
}
