import { createHash } from 'node:crypto';
import { FILEMANAGER_LIMITS } from '@haven/contract';
import { fail } from './filemanager.errors.ts';
import { splitPath } from '../../lib/rel-path.ts';
import type { DomainRef } from '../../model/principal.ts';
import { createFileLocks } from './file-locks.ts';
import { tooLargeAs, type Files, type FilesDomain } from './domain-files.ts';
import { checkName } from './names.ts';
import type { Quota } from './quota.service.ts';

const versionOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const tooLarge = () => fail('too_large_to_edit', 'too_large');

export function createEditor(files: Files, quota: Quota) {
  // One save per file at a time in this process: the version check and the write are one step.
  const withLock = createFileLocks();
  const read = (domain: FilesDomain, path: string) =>
    files
      .on(domain)
      .readFile(domain.name, path, FILEMANAGER_LIMITS.editMaxBytes)
      .catch(tooLargeAs('too_large_to_edit'));

  return {
    /** A text file and its version (SHA-256 of the bytes); binary or huge files are refused. */
    async content(domain: DomainRef, path: string): Promise<{ content: string; version: string }> {
      const bytes = await read(domain, path);
      if (bytes.includes(0)) throw fail('binary_file', 'invalid');
      let content: string;
      try {
        content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw fail('binary_file', 'invalid');
      }
      return { content, version: versionOf(bytes) };
    },

    /** Atomic save; a file changed on disk since `version` is only overwritten when forced. */
    async save(
      domain: DomainRef,
      path: string,
      content: string,
      version: string | undefined,
      force: boolean,
    ): Promise<{ version: string }> {
      const bytes = Buffer.from(content, 'utf8');
      if (bytes.length > FILEMANAGER_LIMITS.editMaxBytes) throw tooLarge();
      // A link to a file inside the home is saved through; a link out of it is refused.
      const port = files.on(domain);
      const entry = await port.stat(domain.name, path, { follow: true });
      const name = entry ? entry.name : (splitPath(path).at(-1) ?? '');
      if (name === '') throw fail('not_a_file', 'conflict');
      checkName(name);
      if (entry && entry.type !== 'file') throw fail('not_a_file', 'conflict');
      const target = entry?.path ?? path;
      return withLock(`${domain.name}:${target}`, async () => {
        if (entry && version && !force && versionOf(await read(domain, target)) !== version) {
          throw fail('changed_on_disk', 'conflict');
        }
        // Only growth needs room: a customer over the limit can still shorten a file.
        const delta = bytes.length - (entry?.size ?? 0);
        await quota.spend(
          domain,
          Math.max(0, delta),
          () =>
            port
              .writeFile(domain.name, target, bytes, { keepMode: true, sync: true })
              .catch(tooLargeAs('too_large_to_edit')),
          delta,
        );
        return { version: versionOf(bytes) };
      });
    },
  };
}
export type Editor = ReturnType<typeof createEditor>;
