import { AppError } from '../../lib/app-error.ts';
import { fail } from './filemanager.errors.ts';
import { joinRel, splitPath } from '../../lib/rel-path.ts';
import type { UploadPart } from '../../model/files.ts';
import type { DomainRef } from '../../model/principal.ts';
import { childOf, type Files } from './domain-files.ts';
import { checkName } from './names.ts';
import type { Hold, Quota } from './quota.service.ts';

const maxSize = () => fail('max_size', 'too_large');

/**
 * A part's bytes, failing as soon as they go over the limit, or the plan's disk space (held as
 * they arrive, before they are written; the bytes of a file it replaces need no room), or when
 * the parser cut the part.
 */
async function* limited(
  part: UploadPart,
  max: number,
  hold: Hold,
  seen: { bytes: number; replaces: number },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of part.stream as AsyncIterable<Buffer>) {
    const before = Math.max(0, seen.bytes - seen.replaces);
    seen.bytes += chunk.length;
    if (seen.bytes > max) throw maxSize();
    hold.grow(Math.max(0, seen.bytes - seen.replaces) - before);
    yield chunk;
  }
  if (part.stream.truncated) throw maxSize();
}

/** The multipart parser's own limits and a client that went away, as the contract's codes. */
function asUploadError(error: unknown): Error {
  if (error instanceof AppError) return error as Error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return maxSize();
  return fail(code === 'FST_FILES_LIMIT' ? 'max_size' : 'upload_error', 'invalid', undefined, {
    cause: error,
  });
}

/**
 * All or nothing per request: every part is staged by the port (a temp file) and put in
 * place only when the whole request arrived and was accepted; a refused one discards what it
 * staged. A taken name is `exists` unless the customer chose to overwrite.
 */
export function createUploads(files: Files, quota: Quota, maxBytes: number) {
  return {
    maxBytes,
    async receive(
      domain: DomainRef,
      path: string,
      subdir: string | undefined,
      parts: AsyncIterable<UploadPart>,
      options: { overwrite?: boolean; signal?: AbortSignal } = {},
    ): Promise<string[]> {
      const overwrite = options.overwrite ?? false;
      const base = await files.folder(domain, path);
      const segments = splitPath(subdir ?? '').map(checkName);
      const where = [...splitPath(base.path), ...segments];
      // Later parts of the same name win, as they would one after another.
      const staged = new Map<string, string>();
      const hold = await quota.hold(domain);
      // What each staged part will add: its bytes, less a file it replaces.
      const sizes = new Map<string, number>();
      const discardAll = () =>
        Promise.all(
          [...staged.values()].map((id) =>
            files
              .on(domain)
              .discard(domain.name, id)
              .catch(() => 0),
          ),
        );
      try {
        for await (const part of parts) {
          if (part.fieldname !== 'file') {
            part.stream.resume();
            continue;
          }
          let name: string;
          try {
            name = checkName(part.filename);
          } catch (error) {
            part.stream.resume();
            throw error;
          }
          const replaced = overwrite
            ? await files
                .on(domain)
                .stat(domain.name, joinRel([...where, name]))
                .catch(() => null)
            : null;
          const seen = { bytes: 0, replaces: replaced?.type === 'file' ? replaced.size : 0 };
          const id = await files
            .on(domain)
            .stage(domain.name, limited(part, maxBytes, hold, seen), { signal: options.signal })
            .catch((error: unknown) => {
              part.stream.resume();
              throw error;
            });
          const before = staged.get(name);
          if (before) await files.on(domain).discard(domain.name, before);
          staged.set(name, id);
          sizes.set(name, seen.bytes);
        }
        if (staged.size === 0) throw fail('no_file_selected', 'invalid');
        const dir = await files.on(domain).ensureFolders(domain.name, base.path, segments);
        let delta = [...sizes.values()].reduce((a, b) => a + b, 0);
        for (const name of staged.keys()) {
          const there = await files.on(domain).stat(domain.name, childOf(dir, name));
          if (there && (there.type !== 'file' || !overwrite)) throw fail('exists', 'conflict');
          if (there) delta -= there.size;
        }
        const saved: string[] = [];
        for (const [name, id] of staged) {
          saved.push(
            await files.on(domain).place(domain.name, id, childOf(dir, name), { overwrite }),
          );
          staged.delete(name);
        }
        hold.done(delta);
        return saved;
      } catch (error) {
        hold.free();
        await discardAll();
        throw asUploadError(error);
      }
    },
  };
}
export type Uploads = ReturnType<typeof createUploads>;
