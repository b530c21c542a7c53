import { access, constants } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

const SBIN = ['/usr/sbin', '/usr/local/sbin', '/sbin'];

/** The absolute path of an executable (PATH and the sbin folders a normal user lacks), or null. */
export async function findBinary(name: string): Promise<string | null> {
  const candidates = isAbsolute(name)
    ? [name]
    : [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SBIN].map((dir) =>
        join(dir, name),
      );
  for (const path of candidates) {
    try {
      await access(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return null;
}

export async function fileExists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
