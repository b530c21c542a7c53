import { join } from 'node:path';
import type { cron } from '@haven/contract';
import type { CronJobRow, CronRunRow } from './cron.store.ts';

/** A run as the API shows it; a non-zero exit code is a failure. */
export function runView(r: CronRunRow): cron.CronRun {
  return {
    started_at: new Date(Number(r.started_at)).toISOString(),
    duration_ms: Number(r.duration_ms),
    exit_code: Number(r.exit_code),
    failed: Number(r.exit_code) !== 0,
    trigger: r.trigger,
    output: r.output,
  };
}

/** The specs' entity shape: one schedule in `jobs[]`, the command part with its folder. */
export function jobView(
  row: CronJobRow,
  user: { name: string; home: string },
  last: CronRunRow | undefined,
): cron.Cronjob {
  return {
    hash: row.hash,
    name: row.name,
    user: user.name,
    app: row.app,
    paused: row.paused === 1,
    jobs: [
      {
        minute: row.minute,
        hour: row.hour,
        day: row.day,
        month: row.month,
        dayofweek: row.dayofweek,
        command: {
          command: row.command,
          script_root: join('/', user.home),
          script_dir: row.script_dir,
          script_file: row.script_file,
          logging: row.logging === 1,
          logging_mode: row.logging_mode,
          logging_path: row.logging_path,
        },
      },
    ],
    last_run: last ? runView(last) : null,
  };
}
