import { constants } from 'node:fs';
import { mkdir, readdir, readlink, rm, symlink } from 'node:fs/promises';
import { AppError } from '../../lib/app-error.ts';
import {
  confine,
  inDir,
  inParent,
  linkRefused,
  openConfined,
  type Confined,
} from '../../lib/confine.ts';
import { adopt, type Owner } from './local-homes.ts';
import { leadsOut } from './local-links.ts';
import { readChunks, writeAll } from './local-pump.ts';
import { openForRead } from './local-walk.ts';
import { refuseHardLink } from './local-write.ts';

const WRITE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

/** Makes a folder at a confined (missing) path with an exact mode and owner. */
export async function makeDir(dst: Confined, mode: number, owner: Owner | null): Promise<void> {
  await inParent(dst, async (at) => {
    await mkdir(at, { mode: 0o700 });
    await adopt(at, owner);
  });
  const handle = await openConfined(dst, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}

/** Copies one file's bytes into a new file (never through a link, never over an existing one). */
export async function copyFile(
  src: Confined,
  dst: Confined,
  owner: Owner | null,
  signal?: AbortSignal,
): Promise<void> {
  const input = await openForRead(src.root, src.path);
  try {
    const st = await input.stat();
    refuseHardLink(st);
    const mode = st.mode & 0o777;
    const output = await openConfined(dst, WRITE_NEW, 0o600);
    try {
      await writeAll(output, readChunks(input, signal), signal);
      await output.chmod(mode);
      if (owner) await output.chown(owner.uid, owner.gid);
    } finally {
      await output.close();
    }
  } finally {
    await input.close();
  }
}

async function copyEntry(
  src: Confined,
  dst: Confined,
  owner: Owner | null,
  signal?: AbortSignal,
): Promise<void> {
  signal?.throwIfAborted();
  const st = src.stat;
  if (!st) return;
  if (st.isSymbolicLink()) {
    // A link is copied as a link (its text), never followed.
    const target = await inParent(src, (at) => readlink(at));
    await inParent(dst, async (at) => {
      await symlink(target, at);
      await adopt(at, owner);
    });
    // Checked from its new place: the same text may lead elsewhere there.
    if (await leadsOut(dst.root, dst.path)) throw linkRefused();
  } else if (st.isDirectory()) {
    await makeDir(dst, st.mode & 0o777, owner);
    const names = await inDir(src.root, src.path, (at) => readdir(at));
    for (const name of names) {
      const child = await confine(src.root, [...src.segments, name]);
      await copyEntry(child, await confine(dst.root, [...dst.segments, name]), owner, signal);
    }
  } else if (st.isFile()) {
    await copyFile(src, dst, owner, signal);
  }
  // Sockets, FIFOs and devices are not copied.
}

/** Copies a file, link or folder tree to a missing path; on failure nothing of the copy stays. */
export async function copyTree(
  src: Confined,
  dst: Confined,
  owner: Owner | null,
  signal?: AbortSignal,
): Promise<void> {
  if (dst.stat) throw new AppError('exists', 'conflict');
  try {
    await copyEntry(src, dst, owner, signal);
  } catch (error) {
    await removeTree(dst).catch(() => undefined);
    throw error;
  }
}

/** rm -rf of a confined entry; fs.rm never follows links inside the tree. */
export async function removeTree(c: Confined): Promise<void> {
  await inParent(c, (at) => rm(at, { recursive: true, force: true }));
}
