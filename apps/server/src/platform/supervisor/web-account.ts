import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { run } from '../../lib/process.ts';

/**
 * The account nginx workers and PHP pools run as: the web account (HAVEN_WEB_USER, checked by
 * the webhosting settings) when Haven is root, else none (as webhosting.platform.ts decides).
 */
export async function webRunAs(user: string): Promise<{ user: string; group: string } | null> {
  if (process.getuid?.() !== 0) return null;
  const res = await run('id', ['-gn', user], { timeoutMs: 5000 });
  if (res.code !== 0) throw new Error(`HAVEN_WEB_USER: no such user: ${user}`);
  return { user, group: res.stdout.trim() || user };
}

/**
 * nginx workers and PHP pools (the web account) must walk from / into the homes under the data
 * dir. The data dir itself is 0711 (platform/data-dir, at each start); a parent that refuses is
 * reported, not changed.
 */
export async function letWebAccountIn(
  dataDir: string,
  log: (message: string) => void,
): Promise<void> {
  for (let dir = dirname(dataDir); dir !== dirname(dir); dir = dirname(dir)) {
    const info = await stat(dir).catch(() => null);
    if (info && (info.mode & 0o001) === 0)
      log(
        `services: the web server cannot enter ${dir} (mode ${(info.mode & 0o777).toString(8)}); sites will answer 404 until it has o+x`,
      );
  }
}
