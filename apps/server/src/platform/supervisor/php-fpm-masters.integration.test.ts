import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand } from '../../lib/process.ts';
import { masterFiles, stopMasters } from '../web-server/fpm-masters.ts';
import { localLayout } from '../web-server/layout.ts';
import { findPhpVersions } from '../web-server/php-versions.ts';
import { runningPid } from '../web-server/processes.ts';
import { createNginxWebServer } from '../web-server/web-server.nginx.ts';
import type { DomainSite } from '../web-server/web-server.port.ts';
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
import { processAlive } from './child.ts';
import { phpFpmService } from './php-fpm.service.ts';
import { createSupervisor, type Supervisor } from './supervisor.ts';

const PORT = await freePort();
const php = (await findPhpVersions()).at(-1);
const missing = skipWhenMissing('PHP-FPM domain masters test', [
  !(await hasCommand('nginx', ['-v'])) && 'nginx',
  !php && 'php-fpm',
]);

/** A domain's PHP master that dies comes back by itself; the others are left alone. */
describe.skipIf(missing)('the supervised PHP-FPM domain masters', () => {
  let dir: string;
  let nginx: Started | undefined;
  let sup: Supervisor | undefined;
  const lines: string[] = [];
  const root = process.getuid?.() === 0;
  const runAs = root ? { user: 'www-data', group: 'www-data' } : null;
  const layout = () => localLayout(join(dir, 'web'), [`127.0.0.1:${PORT}`], runAs);
  const server = () => createNginxWebServer({ layout: layout(), log: () => undefined });
  const masters = () => layout().php.masterDir(php?.version ?? '') ?? '';
  // A killed master may stay a zombie here (nothing reaps it): alive means running.
  const pidOf = async (id: number) => {
    const pid = await runningPid(masterFiles(masters(), id).pid);
    return pid && processAlive(pid) ? pid : null;
  };
  const names = ['a.test', 'b.test', 'c.test'];
  const site = (id: number, name: string): DomainSite => phpSite(dir, id, name, php?.value ?? null);
  const answers = async (name: string) => (await get(PORT, name, '/hi.php')).body === `hi ${name}`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-fpm-masters-'));
    await chmod(dir, 0o755);
    for (const name of names) {
      await makeSiteHome(dir, name, { 'hi.php': `<?php echo "hi ${name}";` });
    }
    if (!php) return;
    await mkdir(join(dir, 'web'), { mode: 0o755 });
    // The sites exist before the node starts: its start brings up their masters.
    for (const [i, name] of names.entries()) await server().applySite(site(i + 1, name));
    sup = createSupervisor({
      dir: join(dir, 'services'),
      log: (level, m) => lines.push(`${level} ${m}`),
      backoffMs: 100,
      companionPollMs: 200,
      services: [
        phpFpmService(php, layout(), runAs, join(dir, 'services', `php-fpm-${php.version}`)),
      ],
    });
    await sup.start();
    const l = layout();
    nginx = start('nginx', 'nginx', [
      '-c',
      l.nginx.mainConf,
      '-p',
      l.nginx.prefix ?? '/',
      '-g',
      'daemon off;',
    ]);
    await until('nginx', () => portOpen(PORT));
    for (const name of names) await until(name, async () => (await answers(name)) || undefined);
  }, 60_000);

  afterAll(async () => {
    await stop(nginx);
    await sup?.stop();
    if (php) await stopMasters(masters());
    await rm(dir, { recursive: true, force: true });
  });

  it('restarts a killed master alone, with the supervisor’s log line', async () => {
    const a = await pidOf(1);
    const b = await pidOf(2);
    expect(a && b).toBeTruthy();
    process.kill(a ?? 0, 'SIGKILL');
    const killed = Date.now();
    // Another pid: the killed one may still show for a moment after kill() returns.
    await until('a.test’s new master', async () => {
      const pid = await pidOf(1);
      return pid && pid !== a ? pid : undefined;
    });
    await until('a.test again', async () => (await answers('a.test')) || undefined);
    const back = Date.now() - killed;
    expect(back).toBeLessThan(5000);
    expect(await pidOf(1)).not.toBe(a);
    expect(await pidOf(2)).toBe(b);
    expect(await answers('b.test')).toBe(true);
    expect(
      lines.some((l) => /^error services: php-fpm-.* haven-d1 failed/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(lines.filter((l) => l.includes('haven-d2'))).toEqual([]);
    expect(sup?.statuses()[0]).toMatchObject({ state: 'running', restarts: 1, lastError: null });
    console.info(`a.test answered PHP again ${back} ms after its master was killed`);
  }, 30_000);

  it('leaves no master of a removed domain, nor any after the node stops', async () => {
    const c = await pidOf(3);
    expect(c).toBeTruthy();
    await server().removeSite(3, 'c.test');
    await until('c.test’s master gone', async () => ((await pidOf(3)) ? undefined : true));
    // Several polls later it is still gone: the watcher did not bring it back.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await pidOf(3)).toBeNull();
    const left = [await pidOf(1), await pidOf(2)];
    expect(left.every(Boolean)).toBe(true);
    await sup?.stop();
    expect(await pidOf(1)).toBeNull();
    expect(await pidOf(2)).toBeNull();
    for (const pid of left) expect(processAlive(pid ?? 0)).toBe(false);
  }, 30_000);
});
