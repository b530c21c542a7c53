import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand, run } from '../../lib/process.ts';
import { phpFpmService } from '../supervisor/php-fpm.service.ts';
import { stopMasters } from './fpm-masters.ts';
import { localLayout } from './layout.ts';
import { findPhpVersions } from './php-versions.ts';
import { createNginxWebServer } from './web-server.nginx.ts';
import type { DomainSite } from './web-server.port.ts';
import { freePort } from '../../../test/free-port.ts';
import {
  get,
  portOpen,
  start,
  stop,
  until,
  type Started,
} from '../../../test/support/integration-services.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';
import { makeSiteHome, phpSite } from '../../../test/support/php-site.ts';

const PORT = await freePort();
const php = (await findPhpVersions()).at(-1);
const missing = skipWhenMissing('PHP change in flight test', [
  !(await hasCommand('nginx', ['-v'])) && 'nginx',
  !php && 'php-fpm',
]);

/**
 * A customer's PHP change reloads that customer's PHP alone: a request running on another
 * site meanwhile gets its whole answer (a shared master's reload answered it 502).
 */
describe.skipIf(missing)('a PHP change of one site, with requests running on another', () => {
  let dir: string;
  const procs: Started[] = [];
  const root = process.getuid?.() === 0;
  const runAs = root ? { user: 'www-data', group: 'www-data' } : null;
  const layout = () => localLayout(join(dir, 'web'), [`127.0.0.1:${PORT}`], runAs);
  const server = () => createNginxWebServer({ layout: layout(), log: () => undefined });
  const site = (id: number, name: string, memory = '128M'): DomainSite =>
    phpSite(dir, id, name, php?.value ?? null, { memory_limit: memory });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-php-change-'));
    // nginx's workers and PHP run as www-data: they walk into the temp dir.
    await chmod(dir, 0o755);
    for (const name of ['a.test', 'b.test']) {
      await makeSiteHome(dir, name, {
        'slow.php': '<?php usleep(1200000); echo "slow done";',
        'fast.php': '<?php echo ini_get("memory_limit");',
      });
    }
    if (!php) return;
    // As the node's data dir gives it (platform/data-dir): workers reach web/run.
    await mkdir(join(dir, 'web'), { mode: 0o755 });
    const fpm = phpFpmService(php, layout(), runAs, join(dir, 'services', 'php'));
    await mkdir(join(dir, 'services', 'php'), { recursive: true });
    await fpm.prepare();
    const cmd = fpm.command();
    procs.push(start('php-fpm', cmd.cmd, cmd.args));
    await until('php-fpm', async () => (await fpm.healthy()) || undefined);
    await server().applySite(site(1, 'a.test'));
    await server().applySite(site(2, 'b.test'));
    const l = layout();
    const nginx = ['-c', l.nginx.mainConf, '-p', l.nginx.prefix ?? '/', '-g', 'daemon off;'];
    procs.push(start('nginx', 'nginx', nginx));
    await until('nginx', () => portOpen(PORT));
    await until('both sites', async () => {
      const [a, b] = await Promise.all([
        get(PORT, 'a.test', '/fast.php'),
        get(PORT, 'b.test', '/fast.php'),
      ]);
      return a.status === 200 && b.status === 200 ? true : undefined;
    });
  }, 60_000);

  afterAll(async () => {
    for (const p of procs.reverse()) await stop(p);
    if (php) await stopMasters(layout().php.masterDir(php.version) ?? '');
    await rm(dir, { recursive: true, force: true });
  });

  it('answers B’s running and new requests in full while A’s PHP changes', async () => {
    const slowB = get(PORT, 'b.test', '/slow.php');
    const slowA = get(PORT, 'a.test', '/slow.php');
    await new Promise((r) => setTimeout(r, 300));
    // A's pool and server block change: its master and nginx reload.
    const changed = server().applySite(site(1, 'a.test', '192M'), { reload: true });
    const fastB = await get(PORT, 'b.test', '/fast.php');
    await changed;
    expect(await slowB).toMatchObject({ status: 200, body: 'slow done' });
    expect(fastB).toMatchObject({ status: 200, body: '128M' });
    // A's own running request finishes too (its master waits for it before re-reading).
    expect(await slowA).toMatchObject({ status: 200, body: 'slow done' });
    await until('A’s new setting', async () =>
      (await get(PORT, 'a.test', '/fast.php')).body === '192M' ? true : undefined,
    );
  }, 30_000);

  it('serves A’s new PHP setting from A’s master alone: nginx is not reloaded', async () => {
    const nginx = procs.find((p) => p.name === 'nginx')?.child.pid;
    const workers = async () =>
      (await run('pgrep', ['-P', String(nginx)], { timeoutMs: 5000 })).stdout.trim();
    const before = await workers();
    const slowB = get(PORT, 'b.test', '/slow.php');
    const slowA = get(PORT, 'a.test', '/slow.php');
    await new Promise((r) => setTimeout(r, 300));
    const changes = await server().applySite(site(1, 'a.test', '256M'));
    expect(changes.map((c) => c.kind)).toEqual(['php-pool']);
    expect(await get(PORT, 'b.test', '/fast.php')).toMatchObject({ status: 200, body: '128M' });
    await until('A’s new setting', async () =>
      (await get(PORT, 'a.test', '/fast.php')).body === '256M' ? true : undefined,
    );
    expect(await slowB).toMatchObject({ status: 200, body: 'slow done' });
    expect(await slowA).toMatchObject({ status: 200, body: 'slow done' });
    // A reload would have replaced nginx's workers.
    expect(await workers()).toBe(before);
  }, 30_000);
});
