import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';

/** A file to write (`content`) or remove (`null`). */
export interface FileChange {
  path: string;
  content: string | null;
  mode?: number;
  /** Owner (root, Haven) and group to give the file (a secret the web account reads by group). */
  owner?: { uid: number; gid: number };
}

/** What a file held before a change, to put it back when a checker refuses the new config. */
interface Backup {
  path: string;
  content: string | null;
  mode: number;
  owner: FileChange['owner'];
}

async function current(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Whether a file's mode or owner differs from what the change asks (an older Haven's 0644). */
async function attributesDiffer(c: FileChange): Promise<boolean> {
  if (c.content === null || (c.mode === undefined && !c.owner)) return false;
  const st = await stat(c.path).catch(() => null);
  if (!st) return false;
  if (c.mode !== undefined && (st.mode & 0o7777) !== c.mode) return true;
  return Boolean(c.owner && (st.uid !== c.owner.uid || st.gid !== c.owner.gid));
}

/** Only the changes that really change something (so an unchanged site needs no reload). */
export async function effectiveChanges(changes: FileChange[]): Promise<FileChange[]> {
  const out: FileChange[] = [];
  for (const c of changes)
    if ((await current(c.path)) !== c.content || (await attributesDiffer(c))) out.push(c);
  return out;
}

/** Applies the changes atomically file by file and returns how to undo them. */
export async function applyChanges(changes: FileChange[]): Promise<() => Promise<void>> {
  const backups: Backup[] = [];
  const undo = async () => {
    for (const b of backups.reverse()) {
      if (b.content === null) await rm(b.path, { force: true });
      else await writeFileAtomic(b.path, b.content, b.mode, b.owner);
    }
  };
  try {
    for (const c of changes) {
      backups.push({
        path: c.path,
        content: await current(c.path),
        mode: c.mode ?? 0o644,
        owner: c.owner,
      });
      if (c.content === null) await rm(c.path, { force: true });
      else {
        await mkdir(dirname(c.path), { recursive: true, mode: 0o755 });
        await writeFileAtomic(c.path, c.content, c.mode ?? 0o644, c.owner);
      }
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return undo;
}
