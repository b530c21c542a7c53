import type { Stats } from 'node:fs';
import { lchown } from 'node:fs/promises';

/** Who new entries belong to: the owner of the folder they are made in (when Haven is root). */
export interface Owner {
  uid: number;
  gid: number;
}

export function ownerOf(dir: Stats | null): Owner | null {
  if (!dir || process.getuid?.() !== 0) return null;
  if (dir.uid === 0 && dir.gid === 0) return null;
  return { uid: dir.uid, gid: dir.gid };
}

/** Gives a new entry the folder owner's uid/gid; lchown never follows a link. */
export async function adopt(at: string, owner: Owner | null): Promise<void> {
  if (owner) await lchown(at, owner.uid, owner.gid);
}
