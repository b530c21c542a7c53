import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../platform/cron/run-spec.ts';
import { jobPlan } from './cron-plan.ts';
import { runOfRecord } from './cron-record.ts';
import type { CronJobRow } from './cron.store.ts';

const hash = 'ab'.repeat(8);
const row: CronJobRow = {
  ...{ id: 7, domain_id: 1, webuser_id: 2, hash, name: 'backup', app: 'php82' },
  ...{ script_dir: 'cron/jobs', script_file: 'run.php', command: '' },
  ...{ logging: 1, logging_mode: 'append', logging_path: '', paused: 0 },
  ...{ minute: '*/5', hour: '*', day: '*', month: '*', dayofweek: '*' },
  ...{ created_at: 0, updated_at: 0 },
};
const php = new Map([['php82', '/usr/bin/php8.2']]);

describe('a job as the runner gets it', () => {
  it('runs the chosen PHP on the script in its folder, the standard log in logs/cron/', () => {
    expect(jobPlan('/var/www/a.nl', row, 'httpdocs', php)).toEqual({
      hash,
      paused: false,
      schedule: { minute: '*/5', hour: '*', day: '*', month: '*', dayofweek: '*' },
      cwd: '/var/www/a.nl/httpdocs/cron/jobs',
      argv: ['/usr/bin/php8.2', '/var/www/a.nl/httpdocs/cron/jobs/run.php'],
      log: { path: `/var/www/a.nl/logs/cron/${hash}.log`, append: true },
      home: '/var/www/a.nl/httpdocs',
    });
  });

  it('runs a command in the FTP folder, a custom log below it; a removed PHP leaves the job out', () => {
    const cmd = { ...row, app: 'command', command: 'date', logging_path: 'l/x.log' };
    expect(jobPlan('/h', { ...cmd, logging_mode: 'overwrite' }, 'f', php)).toMatchObject({
      cwd: '/h/f',
      argv: ['/bin/sh', '-c', 'date'],
      log: { path: '/h/f/l/x.log', append: false },
    });
    expect(jobPlan('/h', { ...row, app: 'php74' }, 'f', php)).toBeNull();
  });
});

describe('run records from the spool', () => {
  const jobs = new Map([[hash, 7]]);
  const record: RunRecord = {
    ...{ hash, started_at: 1000, duration_ms: 5, exit_code: 1, trigger: 'schedule' },
    output: 'x'.repeat(5000),
  };

  it("takes a record of the domain's own job, its output cut to what is kept", () => {
    const run = runOfRecord(record, jobs);
    expect(run).toMatchObject({ job_id: 7, exit_code: 1, trigger: 'schedule' });
    expect(run?.output).toHaveLength(4096);
  });

  it("drops another job's record and fields of the wrong kind", () => {
    expect(runOfRecord({ ...record, hash: 'cd'.repeat(8) }, jobs)).toBeNull();
    expect(runOfRecord({ ...record, hash: '../x' }, jobs)).toBeNull();
    for (const bad of [{ started_at: 1.5 }, { exit_code: '0' }, { output: null }])
      expect(runOfRecord({ ...record, ...bad } as unknown as RunRecord, jobs)).toBeNull();
  });
});
