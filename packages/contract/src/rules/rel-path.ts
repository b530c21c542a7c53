/** Longest customer path, and longest name in it (bytes, as the file system counts them). */
export const REL_PATH_MAX = 4096;
export const REL_NAME_MAX_BYTES = 255;

const utf8 = new TextEncoder();

/**
 * A customer's path below a folder of theirs, as names, judged as text only: leading, trailing
 * and double slashes and `.` are dropped (`/` is the folder itself, as FTP shows it); `..`, NUL
 * and other control characters, an over-long path or name answer null. Nothing is URL-decoded:
 * `%2e%2e` is a literal name. The one rule for the file manager (server `lib/rel-path.ts`, which
 * then walks the names on disk) and for cron's script folder, script and log paths.
 */
export function relPathNames(input: string): string[] | null {
  if (typeof input !== 'string' || input.length > REL_PATH_MAX) return null;
  // eslint-disable-next-line no-control-regex -- control characters (NUL first) are the point
  if (/[\x00-\x1f\x7f]/.test(input)) return null;
  const names = input.split('/').filter((s) => s !== '' && s !== '.');
  for (const s of names) if (s === '..' || utf8.encode(s).length > REL_NAME_MAX_BYTES) return null;
  return names;
}
