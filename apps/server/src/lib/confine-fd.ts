import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { AppError } from './app-error.ts';
import { invalidPath, isInside } from './rel-path.ts';

/**
 * confine.ts's checks on what was actually opened: a descriptor's real path through
 * /proc/self/fd, and folders named through a verified descriptor (openat semantics). confine.ts
 * re-exports what areas use; this part knows nothing of customer paths.
 */

export const notFound = () => new AppError('not_found', 'not_found');

export function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/**
 * Throws unless an open handle's file is inside the root (Linux: /proc/self/fd names the file
 * actually opened, whatever links were on the way).
 */
export async function verifyHandle(
  root: string,
  handle: FileHandle,
  expectedPath?: string,
): Promise<void> {
  verifyFd(root, handle.fd, expectedPath);
}

/** `verifyHandle` for a descriptor. */
function verifyFd(root: string, fd: number, expectedPath?: string): void {
  let actual: string;
  try {
    actual = readlinkSync(`/proc/self/fd/${fd}`).replace(/ \(deleted\)$/, '');
  } catch {
    // No /proc (not Linux): compare the descriptor's inode with the checked path instead.
    if (!expectedPath) throw invalidPath();
    const a = fstatSync(fd);
    const b = lstatSync(expectedPath);
    if (a.ino !== b.ino || a.dev !== b.dev) throw invalidPath();
    return;
  }
  if (!isInside(root, actual)) throw invalidPath();
}

let procChecked: boolean | undefined;
function hasProc(): boolean {
  if (procChecked === undefined) {
    try {
      procChecked = lstatSync('/proc/self/fd').isDirectory();
    } catch {
      procChecked = false;
    }
  }
  return procChecked;
}

const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/**
 * Runs `fn` with a path that names the folder `dir` through a verified handle
 * (`/proc/self/fd/N`, which the kernel resolves like openat): names joined to it are looked up
 * in exactly the folder that was checked, even if a folder on the way is swapped for a link.
 */
export async function inDir<T>(
  root: string,
  dir: string,
  fn: (at: string) => Promise<T>,
): Promise<T> {
  let fd: number;
  try {
    fd = openSync(dir, DIR_FLAGS);
  } catch (error) {
    if (isCode(error, 'ELOOP') || isCode(error, 'ENOTDIR')) throw invalidPath();
    if (isCode(error, 'ENOENT')) throw notFound();
    throw error;
  }
  try {
    verifyFd(root, fd, dir);
    return await fn(hasProc() ? `/proc/self/fd/${fd}` : dir);
  } finally {
    closeSync(fd);
  }
}
