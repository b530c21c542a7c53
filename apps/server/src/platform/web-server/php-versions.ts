import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { InstalledPhp } from './web-server.port.ts';

/** Where Debian and hand builds put php-fpm binaries. */
export const PHP_FPM_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin'];

const BINARY = /^php-fpm([5-9])\.([0-9]{1,2})$/;

/**
 * The PHP versions this machine really has: one per `php-fpmX.Y` binary found. Nothing is
 * hard-coded, so cron and web apps offer the same list.
 */
export async function findPhpVersions(
  dirs: readonly string[] = PHP_FPM_DIRS,
): Promise<InstalledPhp[]> {
  const found = new Map<string, InstalledPhp>();
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const m = BINARY.exec(name);
      if (!m) continue;
      const version = `${m[1]}.${m[2]}`;
      const value = `php${m[1]}${m[2]}`;
      if (!found.has(value))
        found.set(value, { value, text: `PHP ${version}`, version, binary: join(dir, name) });
    }
  }
  return [...found.values()].sort((a, b) => compareVersions(a.version, b.version));
}

function compareVersions(a: string, b: string): number {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return am - bm || an - bn;
}
