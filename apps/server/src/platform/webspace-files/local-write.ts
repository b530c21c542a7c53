import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { rename as renameAt, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { confine, inParent, linkRefused, openConfined } from '../../lib/confine.ts';
import { filesError } from './local-failures.ts';
import { ownerOf, type Homes } from './local-homes.ts';
import { writeAll } from './local-pump.ts';

export const WRITE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
const READ = constants.O_RDONLY | constants.O_NONBLOCK;

export interface WriteOptions {
  signal?: AbortSignal | undefined;
  keepMode?: boolean;
  sync?: boolean;
}

/**
 * A file with more than one hard link may be another customer's (a link made over FTP or by
 * PHP): its content is never read, copied or zipped.
 */
export function refuseHardLink(st: { nlink: number; isFile(): boolean }): void {
  if (st.isFile() && st.nlink > 1) throw linkRefused();
}

/** The bytes of a regular file, refused past `maxBytes` before they are read. */
export async function readFile(
  homes: Homes,
  domain: string,
  path: string,
  maxBytes: number,
): Promise<Buffer> {
  const handle = await openConfined(await homes.file(domain, path), READ);
  try {
    const st = await handle.stat();
    refuseHardLink(st);
    if (st.size > maxBytes) throw filesError('too_large');
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Streams into the domain's temp folder (outside the home, same filesystem) and renames into place only when complete: a source that
 * fails (over a limit, a broken upload) leaves nothing behind, and readers never see half.
 */
export async function writeFile(
  homes: Homes,
  domain: string,
  path: string,
  source: Uint8Array | AsyncIterable<Uint8Array>,
  options: WriteOptions = {},
): Promise<string> {
  const c = await homes.followed(await homes.at(domain, path));
  if (c.name === '' || (c.stat && !c.stat.isFile())) throw filesError('not_a_file');
  const parent = await confine(c.root, c.segments.slice(0, -1));
  const tmp = await homes.child(await homes.privateDir(domain, 'tmp'), `${randomUUID()}.part`);
  const handle = await openConfined(tmp, WRITE_NEW, 0o600);
  try {
    try {
      if (source instanceof Uint8Array) await handle.writeFile(source);
      else await writeAll(handle, source, options.signal);
      if (options.sync) await handle.sync();
      const kept = options.keepMode ? c.stat : null;
      await handle.chmod(kept ? kept.mode & 0o777 : 0o644);
      const owner =
        kept && process.getuid?.() === 0 ? { uid: kept.uid, gid: kept.gid } : ownerOf(parent.stat);
      if (owner) await handle.chown(owner.uid, owner.gid);
    } finally {
      await handle.close();
    }
    await inParent(tmp, (from) => inParent(c, (to) => renameAt(from, to)));
  } catch (error) {
    await inParent(tmp, (at) => unlink(at)).catch(() => undefined);
    throw error;
  }
  return c.rel;
}

/** A regular file as a stream; a file with more than one hard link is refused. */
export async function openRead(
  homes: Homes,
  domain: string,
  path: string,
): Promise<{ stream: Readable; size: number; name: string }> {
  const c = await homes.file(domain, path);
  const handle = await openConfined(c, READ);
  const st = await handle.stat();
  try {
    refuseHardLink(st);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return { stream: handle.createReadStream(), size: st.size, name: c.name };
}
