import { run } from '../../lib/process.ts';

/**
 * The account nginx workers and PHP pools run as: HAVEN_WEB_USER (default www-data) when Haven
 * is root, else none (as areas/webhosting/webhosting.platform.ts decides for the files it writes).
 */
export async function webRunAs(env: NodeJS.ProcessEnv = process.env): Promise<{ user: string; group: string } | null> {
  if (process.getuid?.() !== 0) return null;
  const user = env.HAVEN_WEB_USER?.trim() || 'www-data';
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(user)) throw new Error(`HAVEN_WEB_USER: not a user name: ${user}`);
  const res = await run('id', ['-gn', user], { timeoutMs: 5000 });
  if (res.code !== 0) throw new Error(`HAVEN_WEB_USER: no such user: ${user}`);
  return { user, group: res.stdout.trim() || user };
}
