import type { AreaDb } from '../../db/database.ts';
import type { Generated } from 'kysely';

/** A cron job: the specs' entity, one schedule per job. Paused jobs stay out of the crontab. */
export interface CronJobsTable {
  id: Generated<number>;
  domain_id: number;
  webuser_id: number;
  /** Stable over edits: the URL and the spool files name the job by it. */
  hash: string;
  name: string;
  /** `command` or an installed PHP (`php83`). */
  app: string;
  script_dir: string;
  script_file: string;
  command: string;
  logging: number;
  logging_mode: 'append' | 'overwrite';
  logging_path: string;
  minute: string;
  hour: string;
  day: string;
  month: string;
  dayofweek: string;
  paused: number;
  created_at: number;
  updated_at: number;
}

/** One run, ingested from the domain's spool (the runner writes it as the domain's user). */
export interface CronRunsTable {
  id: Generated<number>;
  job_id: number;
  started_at: number;
  duration_ms: number;
  exit_code: number;
  trigger: 'schedule' | 'manual';
  output: string;
}

export type CronTables = {
  cron_jobs: CronJobsTable;
  cron_runs: CronRunsTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type CronDb = AreaDb<CronTables>;
