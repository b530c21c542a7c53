import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { rename as renameAt, unlink } from 'node:fs/promises';
import { confine, inParent, openConfined, type Confined } from '../../lib/confine.ts';
import { ZipWriter } from '../../lib/zip/zip-writer.ts';
import { filesError } from './local-failures.ts';
import { ownerOf, type Homes } from './local-homes.ts';
import { openForRead, walk } from './local-walk.ts';
import { WRITE_NEW } from './local-write.ts';
import type { Progress } from './webspace-files.port.ts';

interface Item {
  name: string;
  path: string;
  stat: Stats;
}

// Already compressed formats are stored, not deflated again (faster, same size).
const STORED =
  /\.(zip|gz|tgz|bz2|xz|zst|7z|rar|jpe?g|png|gif|webp|avif|heic|mp[34]|m4a|mov|webm|ogg|woff2?|pdf|docx|xlsx|pptx)$/i;

/** Regular file or folder type bits plus rwx; setuid/setgid/sticky bits are not carried. */
const zipMode = (st: Stats) => (st.mode & 0o170000) | (st.mode & 0o777);

async function gather(
  dir: Confined,
  files: readonly string[],
  signal?: AbortSignal,
): Promise<{ items: Item[]; total: number }> {
  const items: Item[] = [];
  let total = 0;
  const add = (name: string, path: string, stat: Stats) => {
    // Links are never followed (and not stored); special files are skipped.
    if (stat.isDirectory()) items.push({ name: `${name}/`, path, stat });
    // A file with more hard links is left out, as links are (it may be another's file).
    else if (stat.isFile() && stat.nlink === 1) {
      items.push({ name, path, stat });
      total += stat.size;
    }
  };
  for (const file of files) {
    const c = await confine(dir.root, [...dir.segments, file]);
    if (!c.stat) throw filesError('not_found');
    add(file, c.path, c.stat);
    if (c.stat.isDirectory()) {
      for await (const { segments, path, stat } of walk(c.root, c.path, { signal }))
        add([file, ...segments].join('/'), path, stat);
    }
  }
  return { items, total };
}

async function addItems(
  zip: ZipWriter,
  root: string,
  items: readonly Item[],
  onBytes: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  for (const item of items) {
    signal?.throwIfAborted();
    const meta = { mtime: item.stat.mtime, mode: zipMode(item.stat) };
    if (item.name.endsWith('/')) {
      await zip.directory(item.name, meta);
      continue;
    }
    const input = await openForRead(root, item.path);
    try {
      await zip.file(
        item.name,
        input,
        { ...meta, size: item.stat.size, compress: !STORED.test(item.name) },
        onBytes,
        signal,
      );
    } finally {
      await input.close();
    }
  }
}

/** Writes the zip to the domain's temp folder (outside the home) and renames it into place when complete. */
export async function writeZip(
  homes: Homes,
  domain: string,
  folder: string,
  names: readonly string[],
  zipName: string,
  options: Progress = {},
): Promise<string> {
  const { signal, onBytes } = options;
  const dir = await homes.folder(domain, folder);
  const dst = await homes.child(dir, zipName);
  if (dst.stat) throw filesError('exists');
  const { items, total } = await gather(dir, names, signal);
  const tmp = await homes.child(await homes.privateDir(domain, 'tmp'), `${randomUUID()}.zip`);
  const out = await openConfined(tmp, WRITE_NEW, 0o600);
  try {
    try {
      const zip = new ZipWriter(out);
      let done = 0;
      try {
        await addItems(zip, dir.root, items, (bytes) => onBytes?.((done += bytes), total), signal);
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
    if ((await confine(dir.root, dst.segments)).stat) throw filesError('exists');
    await inParent(tmp, (from) => inParent(dst, (to) => renameAt(from, to)));
  } catch (error) {
    await inParent(tmp, (at) => unlink(at)).catch(() => undefined);
    throw error;
  }
  return dst.rel;
}
