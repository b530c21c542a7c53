import { join } from 'node:path';
import { CRON_LOG_DIR, type CronJobPlan } from '../../platform/cron/cron.port.ts';
import type { CronJobRow } from './cron.store.ts';

/**
 * What the runner needs for one job, from its row: the folder (the FTP user's, or the script's),
 * the argv (the chosen PHP and the script, or `/bin/sh -c` and the command) and the log (below
 * the FTP user's folder, or the standard `logs/cron/<hash>.log` of the domain's home). Null when
 * the job's PHP is no longer installed: it is left out of the crontab and reported.
 */
export function jobPlan(
  home: string,
  row: CronJobRow,
  folder: string,
  php: ReadonlyMap<string, string>,
): CronJobPlan | null {
  const root = join(home, folder);
  const dir = join(root, row.script_dir);
  const binary = php.get(row.app);
  if (row.app !== 'command' && !binary) return null;
  const argv =
    row.app === 'command'
      ? ['/bin/sh', '-c', row.command]
      : [binary ?? '', join(dir, row.script_file)];
  const log = row.logging
    ? {
        path: row.logging_path
          ? join(root, row.logging_path)
          : join(home, ...CRON_LOG_DIR, `${row.hash}.log`),
        append: row.logging_mode === 'append',
      }
    : null;
  const { minute, hour, day, month, dayofweek } = row;
  return {
    hash: row.hash,
    paused: row.paused === 1,
    schedule: { minute, hour, day, month, dayofweek },
    cwd: row.app === 'command' ? root : dir,
    argv,
    log,
    home: root,
  };
}
