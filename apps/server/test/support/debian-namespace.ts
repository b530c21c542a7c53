import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from '../../src/lib/process.ts';

/**
 * Test support for the debian-profile test: the system folders Haven writes in that profile,
 * a fingerprint of them taken outside the namespace, and (inside it) the mounts that put
 * private copies over them so the real ones never change.
 */

/** What Haven's debian profile writes into (docs/operations-webhosting.md). */
export const SYSTEM_DIRS = ['/etc/nginx', '/etc/php', '/etc/pure-ftpd', '/var/www'];
/** Written by the stock services themselves (pid files, sockets, logs, nginx's temp folders). */
const SCRATCH_DIRS = ['/run', '/var/log', '/var/lib/nginx'];

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** One line per entry under each folder: type, mode, owner, size, mtime, and content or link target. */
export async function fingerprint(dirs: readonly string[]): Promise<string[]> {
  const lines: string[] = [];
  const walk = async (path: string): Promise<void> => {
    const st = await lstat(path);
    let what = '';
    if (st.isSymbolicLink()) what = `-> ${await readlink(path)}`;
    else if (st.isFile() && st.size < 4_000_000)
      what = createHash('sha256')
        .update(await readFile(path))
        .digest('hex');
    lines.push(`${path} ${st.mode} ${st.uid}:${st.gid} ${st.size} ${st.mtimeMs} ${what}`);
    if (st.isDirectory())
      for (const name of (await readdir(path)).sort()) await walk(join(path, name));
  };
  for (const dir of dirs) if (await exists(dir)) await walk(dir);
  return lines;
}

async function must(command: string, args: string[]): Promise<void> {
  const res = await run(command, args, { timeoutMs: 30_000 });
  if (res.code !== 0) throw new Error(`${command} ${args.join(' ')}: ${res.stderr.trim()}`);
}

/**
 * Inside `unshare --mount`: copies of the system folders bind-mounted over the originals and
 * empty tmpfs over the services' scratch folders. Refuses to run in the host's mount namespace
 * (`hostMountNs` is `/proc/self/ns/mnt` as read outside), where the mounts would be global.
 */
export async function privatizeSystem(work: string, hostMountNs: string): Promise<void> {
  if ((await readlink('/proc/self/ns/mnt')) === hostMountNs)
    throw new Error('not in a private mount namespace: refusing to mount over /etc');
  await must('mount', ['--make-rprivate', '/']);
  for (const dir of SYSTEM_DIRS) {
    if (!(await exists(dir))) continue;
    const copy = join(work, 'system', dir.replaceAll('/', '_'));
    await mkdir(join(work, 'system'), { recursive: true });
    await must('cp', ['-a', dir, copy]); // -a: owners and modes too, as the services expect
    await must('mount', ['--bind', copy, dir]);
  }
  for (const dir of SCRATCH_DIRS)
    if (await exists(dir)) await must('mount', ['-t', 'tmpfs', '-o', 'mode=0755', 'tmpfs', dir]);
  for (const dir of ['/run/php', '/var/log/nginx']) await mkdir(dir, { recursive: true });
}
