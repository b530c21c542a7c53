import { isUtf8 } from 'node:buffer';
import { lstatSync, type Stats } from 'node:fs';
import { readdir, rename as renameAt } from 'node:fs/promises';
import { join } from 'node:path';
import { inDir, isCode, type Confined } from '../../lib/confine.ts';
import { filesError } from './local-failures.ts';

/** What a string readdir makes of a name that is not UTF-8 (so only then is a second look needed). */
export const MANGLED = '\uFFFD';

const inFolder = (at: string, raw: Uint8Array) => Buffer.concat([Buffer.from(`${at}/`), raw]);

/** The names of a folder that are not valid UTF-8 (made over FTP), as bytes, with their lstat. */
export async function rawEntries(at: string): Promise<{ raw: Buffer; stat: Stats }[]> {
  const out: { raw: Buffer; stat: Stats }[] = [];
  for (const raw of await readdir(at, { encoding: 'buffer' })) {
    if (isUtf8(raw)) continue;
    const stat = lstatSync(inFolder(at, raw), { throwIfNoEntry: false });
    if (stat) out.push({ raw, stat });
  }
  return out;
}

/** A name to show: the valid parts as they are, each bad byte as U+FFFD. */
export const shownName = (raw: Uint8Array) => new TextDecoder('utf-8').decode(raw);

/**
 * Renames the entry named by the bytes `raw` in a confined folder to `dst` (a checked, free
 * name in that folder). `raw` is one name that is not UTF-8: no slash, no NUL.
 */
export async function renameRaw(dir: Confined, raw: Uint8Array, dst: Confined): Promise<void> {
  if (raw.length === 0 || raw.length > 255 || raw.includes(0x2f) || raw.includes(0) || isUtf8(raw))
    throw filesError('invalid_path');
  if (dst.stat) throw filesError('exists');
  await inDir(dir.root, dir.path, async (at) => {
    try {
      await renameAt(inFolder(at, raw), join(at, dst.name));
    } catch (error) {
      if (isCode(error, 'ENOENT')) throw filesError('not_found');
      throw error;
    }
  });
}
