import { randomUUID } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { rename as renameAt, unlink } from 'node:fs/promises';
import { fail } from './filemanager.errors.ts';
import { confine, inParent, openConfined, type Confined } from '../../lib/confine.ts';
import type { DomainRef } from '../../http/principal.ts';
import { ownerOf, type Homes } from './fm-home.ts';
import { checkName } from './names.ts';
import { streamMemoryHint } from '../../lib/stream-memory.ts';
import { ZipWriter } from '../../lib/zip/zip-writer.ts';
import { openForRead, walk } from './walk.ts';

export const ZIP_JOB = 'filemanager.zip';
export interface ZipPayload {
  dir: string;
  files: string[];
  zip: string;
}

interface Item {
  name: string;
  path: string;
  stat: Stats;
}

// Already compressed formats are stored, not deflated again (faster, same size).
const STORED = /\.(zip|gz|tgz|bz2|xz|zst|7z|rar|jpe?g|png|gif|webp|avif|heic|mp[34]|m4a|mov|webm|ogg|woff2?|pdf|docx|xlsx|pptx)$/i;

/** Regular file or folder type bits plus rwx; setuid/setgid/sticky bits are not carried. */
const zipMode = (st: Stats) => (st.mode & 0o170000) | (st.mode & 0o777);

async function gather(dir: Confined, files: readonly string[], signal?: AbortSignal): Promise<{ items: Item[]; total: number }> {
  const items: Item[] = [];
  let total = 0;
  const add = (name: string, path: string, stat: Stats) => {
    // Links are never followed (and not stored); special files are skipped.
    if (stat.isDirectory()) items.push({ name: `${name}/`, path, stat });
    else if (stat.isFile()) {
      items.push({ name, path, stat });
      total += stat.size;
    }
  };
  for (const file of files) {
    const c = await confine(dir.root, [...dir.segments, file]);
    if (!c.stat) throw fail('not_found', 'not_found');
    add(file, c.path, c.stat);
    if (c.stat.isDirectory()) {
      await walk(c.root, c.path, ({ segments, path, stat }) => add([file, ...segments].join('/'), path, stat), { signal });
    }
  }
  return { items, total };
}

async function addItems(zip: ZipWriter, root: string, items: readonly Item[], onBytes: (bytes: number) => void, signal?: AbortSignal): Promise<void> {
  for (const item of items) {
    signal?.throwIfAborted();
    const meta = { mtime: item.stat.mtime, mode: zipMode(item.stat) };
    if (item.name.endsWith('/')) {
      await zip.directory(item.name, meta);
      continue;
    }
    const input = await openForRead(root, item.path);
    try {
      await zip.file(item.name, input, { ...meta, size: item.stat.size, compress: !STORED.test(item.name) }, onBytes, signal);
    } finally {
      await input.close();
    }
  }
}

/** Writes the zip to Haven's temp folder in the home and renames it into place when complete. */
export async function writeZip(
  homes: Homes,
  domain: Pick<DomainRef, 'name'>,
  payload: ZipPayload,
  progress: (percent: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ path: string }> {
  const dir = await homes.folder(domain, payload.dir);
  const dst = await confine(dir.root, [...dir.segments, checkName(payload.zip)]);
  if (dst.stat) throw fail('exists', 'conflict');
  const { items, total } = await gather(dir, payload.files.map(checkName), signal);
  const tmpDir = await homes.privateDir(domain, 'tmp');
  const tmp = await confine(tmpDir.root, [...tmpDir.segments, `${randomUUID()}.zip`]);
  const out = await openConfined(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    try {
      const zip = new ZipWriter(out);
      // The compressor's output slices are allocated by Node; the inputs are reused buffers.
      const hint = streamMemoryHint();
      let done = 0;
      const onBytes = (bytes: number) => {
        done += bytes;
        hint(bytes);
        void progress(total > 0 ? (done / total) * 99 : 0);
      };
      try {
        await addItems(zip, dir.root, items, onBytes, signal);
        await zip.finish();
      } finally {
        zip.close();
      }
      await out.chmod(0o644);
      const owner = ownerOf(dir.stat);
      if (owner) await out.chown(owner.uid, owner.gid);
    } finally {
      await out.close();
    }
    if ((await confine(dir.root, dst.segments)).stat) throw fail('exists', 'conflict');
    await inParent(tmp, (from) => inParent(dst, (to) => renameAt(from, to)));
  } catch (error) {
    await inParent(tmp, (at) => unlink(at)).catch(() => undefined);
    throw error;
  }
  return { path: dst.rel };
}

/** Checks a zip request before it is queued, so the obvious mistakes answer at once. */
export async function checkZipRequest(homes: Homes, domain: DomainRef, payload: ZipPayload): Promise<ZipPayload> {
  const dir = await homes.folder(domain, payload.dir);
  const zipName = checkName(payload.zip.toLowerCase().endsWith('.zip') ? payload.zip : `${payload.zip}.zip`);
  if ((await confine(dir.root, [...dir.segments, zipName])).stat) throw fail('exists', 'conflict');
  for (const file of payload.files) {
    if (!(await confine(dir.root, [...dir.segments, checkName(file)])).stat) throw fail('not_found', 'not_found');
  }
  return { dir: dir.rel, files: [...new Set(payload.files)], zip: zipName };
}
