import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { rename as renameAt, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import yauzl from 'yauzl';
import { AppError } from '../../lib/app-error.ts';
import { fail } from './filemanager.errors.ts';
import { confine, ensureDirs, inParent, openConfined, splitPath, type Confined } from '../../lib/confine.ts';
import type { DomainRef } from '../../http/principal.ts';
import { adopt, ownerOf, PRIVATE_DIR, type Homes } from './fm-home.ts';
import { writeAll } from './pump.ts';

export const UNZIP_JOB = 'filemanager.unzip';
export interface UnzipPayload {
  zip: string;
  target: string;
  overwrite: boolean;
  /** Uncompressed bytes, for progress. */
  total: number;
}
export interface UnzipLimits {
  maxBytes: number;
  maxEntries: number;
}

const unsafe = () => fail('zip_unsafe', 'invalid');
const tooLarge = () => fail('zip_too_large', 'too_large');
const invalidZip = (cause?: unknown) => fail('zip_invalid', 'invalid', undefined, { cause });

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/**
 * The names of one entry, or an error: absolute paths, drive letters, '..', control characters
 * and entries that are links or devices are refused (no entry may land outside the target).
 */
function entrySegments(entry: yauzl.Entry, atRoot: boolean): string[] {
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) throw unsafe();
  if (entry.isEncrypted() || !entry.canDecodeFileData()) throw invalidZip();
  const name = entry.fileName;
  if (name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) throw unsafe();
  let segments: string[];
  try {
    segments = splitPath(name);
  } catch {
    throw unsafe();
  }
  if (atRoot && segments[0] === PRIVATE_DIR) throw unsafe();
  return segments;
}

async function openZip(c: Confined): Promise<{ zip: yauzl.ZipFile; handle: FileHandle }> {
  const handle = await openConfined(c, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    // yauzl closes the fd it reads from, so it gets its own: the verified file reopened through
    // /proc (the same inode, whatever happens to the path meanwhile).
    const zip = await yauzl.openPromise(`/proc/self/fd/${handle.fd}`, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true });
    return { zip, handle };
  } catch (error) {
    await handle.close();
    throw invalidZip(error);
  }
}

/** Every entry of the archive, checked: names, types, count and total size (zip bombs). */
async function eachChecked(zip: yauzl.ZipFile, atRoot: boolean, limits: UnzipLimits, visit: (entry: yauzl.Entry, segments: string[]) => Promise<void>): Promise<void> {
  let count = 0;
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      count += 1;
      total += entry.uncompressedSize;
      if (count > limits.maxEntries || total > limits.maxBytes) throw tooLarge();
      const segments = entrySegments(entry, atRoot);
      if (segments.length > 0) await visit(entry, segments);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // yauzl's own checks (absolute or relative paths out, bad sizes) and broken archives.
    const message = error instanceof Error ? error.message : '';
    if (/absolute path|invalid relative path|invalid characters/i.test(message)) throw unsafe();
    throw invalidZip(error);
  }
}

/**
 * Checks a zip before anything is written: archive readable, every entry safe, limits kept, and
 * no existing entry in the way (unless overwriting files was asked).
 */
export async function checkUnzip(homes: Homes, domain: Pick<DomainRef, 'name'>, path: string, targetDir: string | undefined, overwrite: boolean, limits: UnzipLimits): Promise<UnzipPayload> {
  const file = await homes.file(domain, path);
  const target = await homes.folder(domain, targetDir ?? `/${file.segments.slice(0, -1).join('/')}`);
  const { zip, handle } = await openZip(file);
  let total = 0;
  try {
    await eachChecked(zip, target.segments.length === 0, limits, async (entry, segments) => {
      total += entry.uncompressedSize;
      const isDir = entry.fileName.endsWith('/');
      const existing = await confine(target.root, [...target.segments, ...segments]).catch((error: unknown) => {
        // A folder on the way that does not exist yet is no conflict; a file on the way is.
        if (error instanceof AppError && error.code === 'not_found') return null;
        if (error instanceof AppError && error.code === 'not_a_directory') throw fail('exists', 'conflict');
        throw error;
      });
      if (!existing?.stat) return;
      if (isDir ? !existing.stat.isDirectory() : !existing.stat.isFile() || !overwrite) throw fail('exists', 'conflict');
    });
  } finally {
    zip.close();
    await handle.close();
  }
  return { zip: file.rel, target: target.rel, overwrite, total };
}

/** Extracts a checked zip: each file through a temp file renamed into place (modes 644/755). */
export async function extractZip(homes: Homes, domain: Pick<DomainRef, 'name'>, payload: UnzipPayload, limits: UnzipLimits, progress: (percent: number) => Promise<void>, signal?: AbortSignal): Promise<{ path: string }> {
  const file = await homes.file(domain, payload.zip);
  const target = await homes.folder(domain, payload.target);
  const owner = ownerOf(target.stat);
  const onCreate = (made: Confined) => inParent(made, (at) => adopt(at, owner));
  const tmpDir = await homes.privateDir(domain, 'tmp');
  const { zip, handle } = await openZip(file);
  let done = 0;
  try {
    await eachChecked(zip, target.segments.length === 0, limits, async (entry, segments) => {
      signal?.throwIfAborted();
      if (entry.fileName.endsWith('/')) {
        await ensureDirs(target, segments, 0o755, onCreate);
        return;
      }
      const dir = await ensureDirs(target, segments.slice(0, -1), 0o755, onCreate);
      const dst = await confine(dir.root, [...dir.segments, segments.at(-1) as string]);
      if (dst.stat && (!dst.stat.isFile() || !payload.overwrite)) throw fail('exists', 'conflict');
      const tmp = await confine(tmpDir.root, [...tmpDir.segments, `${randomUUID()}.part`]);
      const out = await openConfined(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
      try {
        try {
          await writeAll(out, await zip.openReadStreamPromise(entry), signal);
          await out.chmod(0o644);
          if (owner) await out.chown(owner.uid, owner.gid);
        } finally {
          await out.close();
        }
        await inParent(tmp, (from) => inParent(dst, (to) => renameAt(from, to)));
      } catch (error) {
        await inParent(tmp, (at) => unlink(at)).catch(() => undefined);
        throw error;
      }
      done += entry.uncompressedSize;
      await progress(Math.min(99, (done / Math.max(1, payload.total)) * 100));
    });
  } finally {
    zip.close();
    await handle.close();
  }
  return { path: target.rel };
}
