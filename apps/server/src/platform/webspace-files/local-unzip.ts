import { randomUUID } from 'node:crypto';
import { rename as renameAt, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { constants } from 'node:fs';
import yauzl from 'yauzl';
import { isAppError } from '../../lib/app-error.ts';
import {
  confine,
  ensureDirs,
  inParent,
  openConfined,
  splitPath,
  type Confined,
} from '../../lib/confine.ts';
import { filesError } from './local-failures.ts';
import { adopt, ownerOf, type Homes } from './local-homes.ts';
import { removeTree } from './local-copy.ts';
import { writeAll } from './local-pump.ts';
import { WRITE_NEW } from './local-write.ts';
import { WebspaceFilesError, type Progress, type ZipLimits } from './webspace-files.port.ts';

type UnzipOptions = ZipLimits & { overwrite: boolean };

const unsafe = () => filesError('zip_unsafe');
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/**
 * The names of one entry, or an error: absolute paths, drive letters, '..', control characters
 * and entries that are links or devices are refused (no entry may land outside the target).
 */
function entrySegments(entry: yauzl.Entry): string[] {
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) throw unsafe();
  if (entry.isEncrypted() || !entry.canDecodeFileData()) throw filesError('zip_invalid');
  const name = entry.fileName;
  if (name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) throw unsafe();
  let segments: string[];
  try {
    segments = splitPath(name);
  } catch {
    throw unsafe();
  }
  return segments;
}

async function openZip(c: Confined): Promise<{ zip: yauzl.ZipFile; handle: FileHandle }> {
  const handle = await openConfined(c, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    // yauzl closes the fd it reads from, so it gets its own: the verified file reopened through
    // /proc (the same inode, whatever happens to the path meanwhile).
    const zip = await yauzl.openPromise(`/proc/self/fd/${handle.fd}`, {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: true,
      validateEntrySizes: true,
    });
    return { zip, handle };
  } catch (error) {
    await handle.close();
    throw filesError('zip_invalid', error);
  }
}

/** Every entry of the archive, checked: names, types, count and total size (zip bombs). */
async function eachChecked(
  c: Confined,
  limits: ZipLimits,
  visit: (entry: yauzl.Entry, segments: string[], zip: yauzl.ZipFile) => Promise<void>,
): Promise<void> {
  const { zip, handle } = await openZip(c);
  let count = 0;
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      count += 1;
      total += entry.uncompressedSize;
      if (count > limits.maxEntries || total > limits.maxBytes) throw filesError('too_large');
      const segments = entrySegments(entry);
      if (segments.length > 0) await visit(entry, segments, zip);
    }
  } catch (error) {
    if (error instanceof WebspaceFilesError || isAppError(error)) throw error;
    if (error instanceof Error && error.name === 'AbortError') throw error;
    // yauzl's own checks (absolute or relative paths out, bad sizes) and broken archives.
    const message = error instanceof Error ? error.message : '';
    if (/absolute path|invalid relative path|invalid characters/i.test(message)) throw unsafe();
    throw filesError('zip_invalid', error);
  } finally {
    zip.close();
    await handle.close();
  }
}

/**
 * Checks a zip before anything is written: archive readable, every entry safe, limits kept, and
 * no existing entry in the way (unless overwriting files was asked).
 */
export async function checkZip(
  homes: Homes,
  domain: string,
  zipPath: string,
  targetDir: string,
  options: UnzipOptions,
): Promise<{ bytes: number }> {
  const file = await homes.file(domain, zipPath);
  const target = await homes.folder(domain, targetDir);
  let bytes = 0;
  await eachChecked(file, options, async (entry, segments) => {
    bytes += entry.uncompressedSize;
    const isDir = entry.fileName.endsWith('/');
    const existing = await confine(target.root, [...target.segments, ...segments]).catch(
      (error: unknown) => {
        // A folder on the way that does not exist yet is no conflict; a file on the way is.
        if (isAppError(error) && error.code === 'not_found') return null;
        if (isAppError(error) && error.code === 'not_a_directory') throw filesError('exists');
        throw error;
      },
    );
    if (!existing?.stat) return;
    if (isDir ? !existing.stat.isDirectory() : !existing.stat.isFile() || !options.overwrite)
      throw filesError('exists');
  });
  return { bytes };
}

/** Extracts a zip (checked again entry by entry): each file through a temp file renamed into place. */
export async function extractZip(
  homes: Homes,
  domain: string,
  zipPath: string,
  targetDir: string,
  options: UnzipOptions & Progress,
): Promise<void> {
  const { signal, onBytes } = options;
  const file = await homes.file(domain, zipPath);
  const target = await homes.folder(domain, targetDir);
  const owner = ownerOf(target.stat);
  // What this extraction made, so a failure midway can take it away again.
  const made: Confined[] = [];
  const onCreate = (dir: Confined) => {
    made.push(dir);
    return inParent(dir, (at) => adopt(at, owner));
  };
  const tmpDir = await homes.privateDir(domain, 'tmp');
  let done = 0;
  try {
    await eachChecked(file, options, async (entry, segments, zip) => {
      signal?.throwIfAborted();
      if (entry.fileName.endsWith('/')) {
        await ensureDirs(target, segments, 0o755, onCreate);
        return;
      }
      const dir = await ensureDirs(target, segments.slice(0, -1), 0o755, onCreate);
      const dst = await homes.child(dir, segments.at(-1) as string);
      if (dst.stat && (!dst.stat.isFile() || !options.overwrite)) throw filesError('exists');
      const tmp = await homes.child(tmpDir, `${randomUUID()}.part`);
      const out = await openConfined(tmp, WRITE_NEW, 0o600);
      try {
        try {
          await writeAll(out, await zip.openReadStreamPromise(entry), signal);
          await out.chmod(0o644);
          if (owner) await out.chown(owner.uid, owner.gid);
        } finally {
          await out.close();
        }
        await inParent(tmp, (from) => inParent(dst, (to) => renameAt(from, to)));
        if (!dst.stat) made.push(dst);
      } catch (error) {
        await inParent(tmp, (at) => unlink(at)).catch(() => undefined);
        throw error;
      }
      done += entry.uncompressedSize;
      onBytes?.(done, 0);
    });
  } catch (error) {
    // Newest first: files before the folders they are in.
    for (const entry of made.reverse()) await removeTree(entry).catch(() => undefined);
    throw error;
  }
}
