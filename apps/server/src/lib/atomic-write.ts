import { open, rename, rm } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes a file so readers see the old or the new content, never half: temp file in the same
 * folder, fsync, rename over the target.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode = 0o644,
  owner?: { uid: number; gid: number },
): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tmp, 'wx', mode);
  try {
    // Owner set before the rename: readers never see the file with the wrong one.
    if (owner) await handle.chown(owner.uid, owner.gid);
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
