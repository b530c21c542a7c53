import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every file, folder and socket under `dir` (as root sees them, links not followed) but those
 * under `skip`: one `F|D|S <path>` line each, for statePhp (isolation-attack.ts).
 */
export async function stateTargets(dir: string, skip: readonly string[]): Promise<string[]> {
  const lines: string[] = [];
  const walk = async (path: string): Promise<void> => {
    if (skip.some((s) => path === s || path.startsWith(`${s}/`))) return;
    const st = await lstat(path).catch(() => null);
    if (!st || st.isSymbolicLink()) return;
    if (st.isSocket()) lines.push(`S ${path}`);
    else if (st.isDirectory()) {
      lines.push(`D ${path}`);
      for (const name of await readdir(path).catch(() => [] as string[]))
        await walk(join(path, name));
    } else lines.push(`F ${path}`);
  };
  await walk(dir);
  return lines;
}
