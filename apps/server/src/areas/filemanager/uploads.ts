import { AppError } from '../../lib/app-error.ts';
import { fail } from './filemanager.errors.ts';
import { splitPath } from '../../lib/confine.ts';
import type { UploadPart } from '../../model/files.ts';
import type { DomainRef } from '../../model/principal.ts';
import { childOf, type Files } from './fm-files.ts';
import { checkName } from './names.ts';

const maxSize = () => fail('max_size', 'too_large');

/** A part's bytes, failing as soon as they go over the limit (or the parser cut the part). */
async function* limited(part: UploadPart, max: number): AsyncGenerator<Uint8Array> {
  let seen = 0;
  for await (const chunk of part.stream as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > max) throw maxSize();
    yield chunk;
  }
  if (part.stream.truncated) throw maxSize();
}

/**
 * Uploads are written by the port to a temp file and renamed into place only when complete:
 * a file over the limit, a broken or cancelled upload leaves nothing behind.
 */
export function createUploads(files: Files, maxBytes: number) {
  const { port } = files;

  async function receiveOne(
    domain: DomainRef,
    part: UploadPart,
    dir: string,
    signal?: AbortSignal,
  ): Promise<string> {
    const path = childOf(dir, checkName(part.filename));
    const there = await port.stat(domain.name, path);
    if (there && there.type !== 'file') throw fail('exists', 'conflict');
    try {
      return await port.writeFile(domain.name, path, limited(part, maxBytes), { signal });
    } catch (error) {
      part.stream.resume();
      if (error instanceof AppError) throw error;
      throw fail('upload_error', 'invalid', undefined, { cause: error });
    }
  }

  return {
    maxBytes,
    async receive(
      domain: DomainRef,
      path: string,
      subdir: string | undefined,
      parts: AsyncIterable<UploadPart>,
      signal?: AbortSignal,
    ): Promise<string[]> {
      const base = await files.folder(domain, path);
      const segments = splitPath(subdir ?? '').map(checkName);
      const saved: string[] = [];
      let dir: string | undefined;
      try {
        for await (const part of parts) {
          if (part.fieldname !== 'file') {
            part.stream.resume();
            continue;
          }
          dir ??= await port.ensureFolders(domain.name, base.path, segments);
          saved.push(await receiveOne(domain, part, dir, signal));
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The multipart parser's own limits and a client that went away.
        const code = error instanceof Error && 'code' in error ? String(error.code) : '';
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw maxSize();
        throw fail(code === 'FST_FILES_LIMIT' ? 'max_size' : 'upload_error', 'invalid', undefined, {
          cause: error,
        });
      }
      if (saved.length === 0) throw fail('no_file_selected', 'invalid');
      return saved;
    },
  };
}
export type Uploads = ReturnType<typeof createUploads>;
