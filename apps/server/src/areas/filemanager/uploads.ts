import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { rename as renameAt, unlink } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/app-error.ts';
import { fail } from './filemanager.errors.ts';
import { confine, ensureDirs, inParent, openConfined, splitPath, type Confined } from '../../lib/confine.ts';
import type { UploadPart } from '../../http/bind.ts';
import type { DomainRef } from '../../http/principal.ts';
import { adopt, ownerOf, type Homes } from './fm-home.ts';
import { checkName } from './names.ts';
import { writeAll } from './pump.ts';

const maxSize = () => fail('max_size', 'too_large');

/** Counts bytes and fails the stream as soon as it goes over the limit. */
function limiter(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(maxSize());
      else done(null, chunk);
    },
  });
}

/**
 * Uploads stream part by part into `<home>/.haven/tmp` and are renamed into place only when
 * complete: a file over the limit, a broken or cancelled upload leaves nothing behind.
 */
export function createUploads(homes: Homes, maxBytes: number) {
  async function receiveOne(part: UploadPart, dir: Confined, tmpDir: Confined, signal?: AbortSignal): Promise<string> {
    const dst = await confine(dir.root, [...dir.segments, checkName(part.filename)]);
    if (dst.stat && !dst.stat.isFile()) throw fail('exists', 'conflict');
    const tmp = await confine(tmpDir.root, [...tmpDir.segments, `${randomUUID()}.part`]);
    const handle = await openConfined(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
    try {
      try {
        await pipeline(part.stream, limiter(maxBytes), (source: AsyncIterable<Buffer>) => writeAll(handle, source, signal), signal ? { signal } : {});
        if (part.stream.truncated) throw maxSize();
        await handle.chmod(0o644);
        const owner = ownerOf(dir.stat);
        if (owner) await handle.chown(owner.uid, owner.gid);
      } finally {
        await handle.close();
      }
      await inParent(tmp, (from) => inParent(dst, (to) => renameAt(from, to)));
    } catch (error) {
      await inParent(tmp, (at) => unlink(at)).catch(() => undefined);
      part.stream.resume();
      if (error instanceof AppError) throw error;
      throw fail('upload_error', 'invalid', undefined, { cause: error });
    }
    return dst.rel;
  }

  return {
    maxBytes,
    async receive(domain: DomainRef, path: string, subdir: string | undefined, parts: AsyncIterable<UploadPart>, signal?: AbortSignal): Promise<string[]> {
      const base = await homes.folder(domain, path);
      const segments = splitPath(subdir ?? '').map(checkName);
      const tmpDir = await homes.privateDir(domain, 'tmp');
      const saved: string[] = [];
      let dir: Confined | undefined;
      try {
        for await (const part of parts) {
          if (part.fieldname !== 'file') {
            part.stream.resume();
            continue;
          }
          dir ??= await ensureDirs(base, segments, 0o755, async (made) => {
            await inParent(made, (at) => adopt(at, ownerOf(base.stat)));
          });
          saved.push(await receiveOne(part, dir, tmpDir, signal));
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The multipart parser's own limits and a client that went away.
        const code = error instanceof Error && 'code' in error ? String(error.code) : '';
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw maxSize();
        throw fail(code === 'FST_FILES_LIMIT' ? 'max_size' : 'upload_error', 'invalid', undefined, { cause: error });
      }
      if (saved.length === 0) throw fail('no_file_selected', 'invalid');
      return saved;
    },
  };
}
export type Uploads = ReturnType<typeof createUploads>;
