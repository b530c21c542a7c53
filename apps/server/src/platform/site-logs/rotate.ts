import { constants, createWriteStream } from 'node:fs';
import { lstat, open, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/** A current log of the folder: `<sub>.access.log` or `<sub>.error.log`. */
const CURRENT = /^[a-z0-9][a-z0-9.-]*\.(access|error)\.log$/;

/** lstat that answers null for a missing entry; only plain files with one link count. */
async function plainFile(path: string) {
  const st = await lstat(path).catch(() => null);
  return st?.isFile() && st.nlink === 1 ? st : null;
}

async function removeIfPlain(path: string): Promise<void> {
  // A link or a hard link (maybe someone else's file) is never touched beyond its own name.
  const st = await lstat(path).catch(() => null);
  if (st) await unlink(path);
}

/**
 * delaycompress-style rotation of one folder (the web server must reopen its logs after it):
 *   x.log.{keep}.gz removed, x.log.{n}.gz -> x.log.{n+1}.gz, x.log.1 -> x.log.2.gz (compressed),
 *   x.log -> x.log.1.
 * The renamed `.1` stays plain until the next rotation, so a reader that opened it by inode
 * (the statistics job) finishes it, and nginx can still write its last buffered lines to it.
 * Names are fixed patterns of this folder; links are renamed or removed as names, never
 * followed, and only a plain file is compressed (opened with O_NOFOLLOW).
 */
export async function rotateFolder(dir: string, keep: number): Promise<string[]> {
  const rotated: string[] = [];
  for (const name of (await readdir(dir)).filter((n) => CURRENT.test(n)).sort()) {
    const current = await plainFile(join(dir, name));
    if (!current || current.size === 0) continue;
    const gen = (n: number) => join(dir, n === 1 ? `${name}.1` : `${name}.${n}.gz`);
    await removeIfPlain(gen(keep));
    for (let n = keep - 1; n >= 2; n -= 1) {
      if (await lstat(gen(n)).catch(() => null)) await rename(gen(n), gen(n + 1));
    }
    if (keep >= 2) await compress(join(dir, `${name}.1`), gen(2));
    else await removeIfPlain(gen(1));
    await rename(join(dir, name), gen(1));
    rotated.push(name);
  }
  return rotated;
}

/** `from` gzipped to `to` (written beside it, then renamed), then `from` removed. */
async function compress(from: string, to: string): Promise<void> {
  const st = await lstat(from).catch(() => null);
  if (!st) return;
  if (!st.isFile() || st.nlink !== 1) {
    await unlink(from); // a link or a shared file where a log should be: drop the name only
    return;
  }
  const source = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW);
  const partial = `${to}.partial`;
  await removeIfPlain(partial); // left by a rotation that stopped half-way
  try {
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o640 });
    await pipeline(source.createReadStream(), createGzip(), out);
    if (process.getuid?.() === 0) {
      const fh = await open(partial, constants.O_RDONLY | constants.O_NOFOLLOW);
      await fh.chown(st.uid, st.gid).finally(() => fh.close());
    }
    await rename(partial, to);
    await unlink(from);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  } finally {
    await source.close().catch(() => undefined);
  }
}
