import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasCommand, run } from '../../lib/process.ts';
import { findPhpVersions } from '../../platform/web-server/php-versions.ts';
import { fingerprint, SYSTEM_DIRS } from '../../../test/support/debian-namespace.ts';
import type { ChildResult } from '../../../test/support/debian-profile-child.ts';
import { freePort } from '../../../test/free-port.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

/**
 * The debian profile against the system's own nginx and php-fpm (issue #16): Haven writes into
 * /etc and /var/www and reloads the stock services by their own commands. It runs in a private
 * mount namespace over copies of those folders (and a private network namespace, so the stock
 * nginx keeps its port 80), and the real folders must come out unchanged.
 */
const NAMESPACES = ['--mount', '--pid', '--fork', '--mount-proc'];
const SERVER = join(import.meta.dirname, '../../..');
const CHILD = join(SERVER, 'test/support/debian-profile-child.ts');
const tools = {
  unshare: await hasCommand('unshare', ['--version']),
  ip: await hasCommand('ip', ['-V']),
  nginx: await hasCommand('nginx', ['-v']),
  php: (await findPhpVersions()).length > 0,
};
const missing: string[] = [
  !tools.unshare && 'unshare (util-linux)',
  !tools.nginx && 'nginx',
  !tools.php && 'php-fpm',
  ...['/etc/nginx/nginx.conf', '/etc/php', '/var/www'].filter((p) => !existsSync(p)),
].filter((m): m is string => typeof m === 'string');
const isRoot = process.getuid?.() === 0;
// Root in a container may still lack the right to make namespaces or mount in them.
const denied =
  isRoot && tools.unshare
    ? await run('unshare', [...NAMESPACES, '--net', 'mount', '-t', 'tmpfs', 'tmpfs', '/run'], {
        timeoutMs: 10_000,
      }).then(
        (res) => (res.code === 0 ? null : res.stderr.trim() || `exit ${res.code}`),
        (error: unknown) => String(error),
      )
    : null;
if (denied) missing.push(`the right to make namespaces (${denied})`);
const skip = skipWhenMissing('debian-profile test', [
  ...missing,
  !isRoot && 'root (mount namespaces)',
]);

/** Runs the child in its namespaces; resolves with its exit code and output (killed after `ms`). */
async function runChild(work: string, ms: number) {
  // Without iproute2 there is no loopback in a new network namespace: stay in the host's, on a free port.
  const port = tools.ip ? null : await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HAVEN_NS_WORK: work,
    HAVEN_NS_HOST_MNT: await readlink('/proc/self/ns/mnt'),
    TMPDIR: work,
    ...(port ? { HAVEN_NS_PORT: String(port) } : {}),
  };
  delete env.HAVEN_TEST_PG; // the test database server is not reachable from the namespace
  const args = [...NAMESPACES, ...(port ? [] : ['--net'])];
  const child = spawn('unshare', [...args, process.execPath, '--import', 'tsx', CHILD], {
    cwd: SERVER,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // Killing the namespace's first process ends every process in it (--pid).
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

describe.skipIf(skip)('the debian profile on the stock nginx', () => {
  it('serves a created subdomain with PHP, drops it when deleted, and leaves the real /etc and /var/www alone', async () => {
    const before = await fingerprint(SYSTEM_DIRS);
    const work = await mkdtemp(join(tmpdir(), 'haven-debian-'));
    try {
      const { code, stdout, stderr } = await runChild(work, 50_000);
      const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
      expect(code, stderr).toBe(0);
      const result = JSON.parse(line?.slice('RESULT '.length) ?? 'null') as ChildResult;
      expect(result.nginxTest.code, result.nginxTest.output).toBe(0);
      expect(result.page.status).toBe(200);
      const [version, memory, basedir, tmp] = result.page.body.slice('haven:'.length).split('|');
      expect(version?.startsWith(`${result.phpVersion}.`), version).toBe(true);
      expect(memory).toBe('192M');
      expect(basedir?.startsWith(`/var/www/${result.domain}/`), basedir).toBe(true);
      // The pool runs as the domain's own user, with its own temp folder in the home.
      expect(tmp?.replace(/\/$/, '')).toBe(`/var/www/${result.domain}/tmp`);
      expect(result.written.length).toBeGreaterThanOrEqual(3);
      // Issue #40: the data dir and the generated sites closed; htpasswd reachable by nginx's
      // workers (its files are 0640 root:www-data).
      expect(result.modes).toEqual({
        dataDir: '711',
        nginxHaven: '755',
        sites: '700',
        htpasswd: '755',
      });
      expect(result.afterDelete).toEqual({ status: 404, servicesAlive: true });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    expect(await fingerprint(SYSTEM_DIRS)).toEqual(before);
  }, 60_000);
});
