import { readlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isInside, linkTarget, linkRefused } from '../../lib/confine.ts';
import { walk } from './local-walk.ts';

/**
 * Whether the link at `path` leads out of the home from where it is now: by its text (a
 * relative link moved up a folder points elsewhere) or really (through other links).
 */
export async function leadsOut(root: string, path: string): Promise<boolean> {
  const text = await readlink(path);
  if (!isInside(root, resolve(dirname(path), text))) return true;
  return (await linkTarget(root, path)) === 'outside';
}

/** Throws `link_refused` when the entry, or a link anywhere below it, now leads out of the home. */
export async function assertLinksInside(
  root: string,
  path: string,
  kind: { isSymbolicLink(): boolean; isDirectory(): boolean },
): Promise<void> {
  if (kind.isSymbolicLink()) {
    if (await leadsOut(root, path)) throw linkRefused();
    return;
  }
  if (!kind.isDirectory()) return;
  for await (const item of walk(root, path)) {
    if (item.stat.isSymbolicLink() && (await leadsOut(root, item.path))) throw linkRefused();
  }
}
