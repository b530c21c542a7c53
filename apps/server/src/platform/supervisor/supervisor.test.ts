import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupervisedService } from './service.ts';
import { createSupervisor, type Supervisor } from './supervisor.ts';

/** Alive and not a zombie (an orphan's new parent may reap it late). */
const alive = (pid: number) => {
  try {
    return !/^\S+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
/** Waits for a condition on the processes (they have no event to await), failing on its message. */
const until = (what: string, fn: () => boolean) =>
  vi.waitFor(() => expect(fn(), what).toBe(true), { timeout: 10_000, interval: 50 });

/** A stand-in service: node running `script`, healthy while its process lives. */
function fake(
  name: string,
  script: string,
  extra: Partial<SupervisedService> = {},
): SupervisedService & { pid?: number } {
  return {
    name,
    address: '-',
    reloadSignal: 'SIGHUP',
    missing: async () => null,
    prepare: async () => undefined,
    command: () => ({ cmd: process.execPath, args: ['-e', script] }),
    healthy: async () => true,
    ...extra,
  };
}

describe('supervisor', () => {
  let dir = '';
  let sup: Supervisor | undefined;
  afterEach(async () => {
    await sup?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports a missing service once with its package, restarts a crashing one with growing delays', async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-sup-'));
    const lines: string[] = [];
    sup = createSupervisor({
      dir,
      log: (level, m) => lines.push(`${level} ${m}`),
      backoffMs: 50,
      services: [
        fake('absent', '', { missing: async () => 'some-package' }),
        fake('crasher', 'console.error("bad config line 3"); process.exit(3)', {
          healthy: async () => false,
        }),
      ],
    });
    await sup.start();
    await until(
      'three restarts',
      () => (sup?.statuses().find((s) => s.name === 'crasher')?.restarts ?? 0) >= 3,
    );
    const [absent, crasher] = sup.statuses();
    expect(absent).toMatchObject({ state: 'not-installed', package: 'some-package' });
    expect(crasher?.lastError).toBe('exit code 3: bad config line 3');
    expect(lines.filter((l) => l.includes('absent'))).toEqual([
      'warn services: absent is not installed here; it comes with the Debian package some-package (apt-get install some-package)',
    ]);
    const delays = lines
      .filter((l) => l.startsWith('error services: crasher'))
      .map((l) => Number(/restart in ([0-9.]+) s/.exec(l)?.[1]));
    expect(delays.slice(0, 3)).toEqual([0.1, 0.1, 0.2]);
    const state = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as {
      services: { name: string; state: string }[];
    };
    expect(state.services.map((s) => s.name)).toEqual(['absent', 'crasher']);
  });

  it('stops a service and every process it forked; a kill -9 brings it back', async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-sup-'));
    // The service forks a worker that would outlive its master, as nginx workers do.
    const script = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('worker ' + c.pid); setInterval(() => {}, 1000);`;
    sup = createSupervisor({
      dir,
      log: () => {},
      backoffMs: 50,
      stopTimeoutMs: 1000,
      services: [fake('forker', script)],
    });
    await sup.start();
    const worker = async () =>
      Number(
        /worker ([0-9]+)/.exec(
          await readFile(join(dir, 'forker', 'forker.log'), 'utf8').catch(() => ''),
        )?.[1] ?? 0,
      );
    const first = sup.statuses()[0]?.pid ?? 0;
    // The master logs its worker's pid once it has forked it.
    const firstWorker = await vi.waitFor(
      async () => {
        const pid = await worker();
        expect(pid, 'the worker forked').toBeGreaterThan(1);
        return pid;
      },
      { timeout: 10_000, interval: 50 },
    );
    process.kill(first, 'SIGKILL');
    await until(
      'a new master',
      () => sup?.statuses()[0]?.state === 'running' && sup.statuses()[0]?.pid !== first,
    );
    // The dead master's worker went with it.
    await until('the orphan worker gone', () => !alive(firstWorker));
    const second = sup.statuses()[0]?.pid ?? 0;
    await sup.stop();
    expect(alive(second)).toBe(false);
    expect(sup.statuses()[0]?.state).toBe('stopped');
  });
});
