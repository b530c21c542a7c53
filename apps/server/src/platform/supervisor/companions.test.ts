import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchCompanions, type CompanionWatch } from './companions.ts';
import type { Companion } from './service.ts';

/** Stand-ins for a service's companions: `alive` and `listed` say what the next check sees. */
function fakes(names: string[]) {
  const alive = new Map(names.map((n) => [n, true]));
  const listed = new Set(names);
  const starts: string[] = [];
  let refuse = 0;
  const list = async (): Promise<Companion[]> =>
    [...listed].map((name) => ({
      name,
      alive: alive.get(name) ?? false,
      lastWords: async () => 'bye',
      async start() {
        starts.push(name);
        if (refuse > 0) {
          refuse -= 1;
          throw new Error('no socket');
        }
        alive.set(name, true);
      },
    }));
  return { alive, listed, starts, list, refuse: (n: number) => (refuse = n) };
}

describe('watchCompanions', () => {
  let watch: CompanionWatch | undefined;
  afterEach(async () => watch?.stop());

  it('restarts the one that died alone, with growing delays while its start fails', async () => {
    const f = fakes(['d1', 'd2']);
    const lines: string[] = [];
    const reports: (string | null)[] = [];
    watch = watchCompanions({
      service: 'php',
      list: f.list,
      active: () => true,
      policy: { backoffMs: 50, maxBackoffMs: 1000 },
      pollMs: 20,
      log: (level, m) => lines.push(`${level} ${m}`),
      report: (failing) => reports.push(failing),
    });
    f.refuse(2);
    f.alive.set('d1', false);
    await vi.waitFor(() => expect(f.alive.get('d1')).toBe(true), { timeout: 3000 });
    expect(f.starts).toEqual(['d1', 'd1', 'd1']);
    expect(
      lines.filter((l) => l.startsWith('error')).map((l) => /in ([0-9.]+) s/.exec(l)?.[1]),
    ).toEqual(['0.1', '0.1', '0.2']);
    expect(lines[0]).toBe(
      'error services: php d1 failed (not running; last in its log: bye); restart in 0.1 s',
    );
    expect(lines.at(-1)).toBe('info services: php d1 running again');
    expect(reports.at(-1)).toBeNull();
  });

  it('never restarts one that is no longer listed, nor any after stop', async () => {
    const f = fakes(['d1', 'd2']);
    watch = watchCompanions({
      service: 'php',
      list: f.list,
      active: () => true,
      policy: { backoffMs: 100, maxBackoffMs: 1000 },
      pollMs: 20,
      log: () => undefined,
      report: () => undefined,
    });
    f.alive.set('d1', false);
    await new Promise((r) => setTimeout(r, 50));
    // Removed while its restart waits.
    f.listed.delete('d1');
    await new Promise((r) => setTimeout(r, 300));
    expect(f.starts).toEqual([]);
    await watch.stop();
    f.alive.set('d2', false);
    await new Promise((r) => setTimeout(r, 250));
    expect(f.starts).toEqual([]);
  });
});
