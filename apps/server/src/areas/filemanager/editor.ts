import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { rename as renameAt, unlink } from 'node:fs/promises';
import { FILEMANAGER_LIMITS } from '@haven/contract';
import { fail } from './filemanager.errors.ts';
import { confine, inParent, openConfined, resolveLink, type Confined } from '../../lib/confine.ts';
import type { DomainRef } from '../../http/principal.ts';
import { ownerOf, type Homes } from './fm-home.ts';
import { checkName } from './names.ts';

const versionOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const tooLarge = () => fail('too_large_to_edit', 'too_large');

async function readAll(c: Confined): Promise<Buffer> {
  const handle = await openConfined(c, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if ((await handle.stat()).size > FILEMANAGER_LIMITS.editMaxBytes) throw tooLarge();
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Writes bytes over a path atomically: a temp file beside it (same folder, so rename is atomic),
 * fsync, mode and owner, then rename. Readers see the old or the new file, never half.
 */
export async function replaceFile(c: Confined, bytes: Uint8Array, mode: number, owner: { uid: number; gid: number } | null): Promise<void> {
  const tmpName = `.haven-${randomBytes(8).toString('hex')}.tmp`;
  const tmp = await confine(c.root, [...c.segments.slice(0, -1), tmpName]);
  const handle = await openConfined(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
      await handle.chmod(mode);
      if (owner) await handle.chown(owner.uid, owner.gid);
    } finally {
      await handle.close();
    }
    await inParent(tmp, (from) => inParent(c, (to) => renameAt(from, to)));
  } catch (error) {
    await inParent(tmp, (at) => unlink(at)).catch(() => undefined);
    throw error;
  }
}

export function createEditor(homes: Homes) {
  return {
    /** A text file and its version (SHA-256 of the bytes); binary or huge files are refused. */
    async content(domain: DomainRef, path: string): Promise<{ content: string; version: string }> {
      const bytes = await readAll(await homes.file(domain, path));
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
    async save(domain: DomainRef, path: string, content: string, version: string | undefined, force: boolean): Promise<{ version: string }> {
      const bytes = Buffer.from(content, 'utf8');
      if (bytes.length > FILEMANAGER_LIMITS.editMaxBytes) throw tooLarge();
      const c = await resolveLink(await homes.at(domain, path));
      if (c.name === '') throw fail('not_a_file', 'conflict');
      checkName(c.name);
      if (c.stat && !c.stat.isFile()) throw fail('not_a_file', 'conflict');
      if (c.stat && version && !force && versionOf(await readAll(c)) !== version) {
        throw fail('changed_on_disk', 'conflict');
      }
      const parent = await confine(c.root, c.segments.slice(0, -1));
      const keep = c.stat && process.getuid?.() === 0 ? { uid: c.stat.uid, gid: c.stat.gid } : null;
      await replaceFile(c, bytes, c.stat ? c.stat.mode & 0o777 : 0o644, keep ?? ownerOf(parent.stat));
      return { version: versionOf(bytes) };
    },
  };
}
export type Editor = ReturnType<typeof createEditor>;
