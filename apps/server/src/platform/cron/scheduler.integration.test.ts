import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderCrontab } from './crontab-render.ts';
import { cronEntry } from './runner-path.ts';

/**
 * The local profile's scheduler as the supervisor starts it (its own process) runs an
 * every-minute job from a generated crontab: the runner's record reaches the spool and the job's
 * `date +%s` its file. Waits for the next minute: at most ~65 s, on average half that.
 */
describe('local cron scheduler (real process)', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs an every-minute job through the runner', { timeout: 80_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-cron-sched-'));
    const crontabs = join(dir, 'crontabs');
    const spool = join(dir, 'runs');
    await mkdir(crontabs);
    await mkdir(spool);
    const specs = join(dir, 'jobs.json');
    const hash = 'd'.repeat(16);
    // The command as a customer types it: `%` reaches sh as it was typed (no crontab escaping).
    const job = { cwd: dir, argv: ['/bin/sh', '-c', 'date +%s > stamp'], log: null, home: dir };
    await writeFile(specs, JSON.stringify({ spool, runAs: null, jobs: { [hash]: job } }));
    const text = renderCrontab(
      'a.test',
      [{ schedule: { minute: '*', hour: '*', day: '*', month: '*', dayofweek: '*' }, hash }],
      { node: process.execPath, runner: cronEntry('cron-run'), specs },
    );
    await writeFile(join(crontabs, '1.crontab'), text);
    const child = spawn(
      process.execPath,
      [cronEntry('cron-scheduler'), crontabs, join(dir, 'beat')],
      {
        stdio: 'ignore',
      },
    );
    try {
      const deadline = Date.now() + 75_000;
      let records: string[] = [];
      while (Date.now() < deadline && records.length === 0) {
        await new Promise((r) => setTimeout(r, 1000));
        records = (await readdir(spool)).filter((n) => n.endsWith('.json'));
      }
      expect(records.length).toBeGreaterThan(0);
      expect(text).not.toContain('%');
      const seconds = Number(await readFile(join(dir, 'stamp'), 'utf8'));
      expect(Math.abs(seconds - Date.now() / 1000), 'date +%s wrote the time').toBeLessThan(120);
      expect(await readdir(dir)).toContain('beat');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
