import type { CronSchedule } from '@haven/contract/cron';
import type { RunRecord } from './run-spec.ts';

/** A domain as the cron adapter names it: id (its folders) and name (the crontab's comment). */
export interface CronDomain {
  id: number;
  name: string;
  /** The domain's home (its standard cron log folder is there). */
  home: string;
  /** The domain's system account (HAVEN_DOMAIN_USERS), or null: jobs run as Haven's user. */
  owner: { user: string; uid: number; gid: number } | null;
}

/** A run record in the spool and the name of its file there. */
export interface SpooledRun {
  file: string;
  record: RunRecord;
}

/** One active job as the adapter installs it. */
export interface CronJobPlan {
  hash: string;
  /** A paused job keeps its run spec (run now) but has no crontab line. */
  paused: boolean;
  schedule: CronSchedule;
  cwd: string;
  argv: string[];
  log: { path: string; append: boolean } | null;
  home: string;
}

/**
 * Where cron jobs really run: the domain's run specs and its crontab, the runner, and the spool
 * the runner leaves run records in. Two adapters: `system` (Debian's cron daemon, `crontab -u`)
 * and `local` (the crontab files only; the supervised scheduler reads them).
 */
export interface CronTable {
  /**
   * Writes the run specs and the domain's crontab (paused jobs left out) and installs it.
   * Answers whether the crontab changed. Throws when the crontab cannot be installed; the
   * previous one then stays.
   */
  install(domain: CronDomain, jobs: readonly CronJobPlan[]): Promise<boolean>;
  /** Runs one job now, as it would run from cron, and waits (at most `timeoutMs`). */
  runNow(domain: CronDomain, hash: string, timeoutMs: number): Promise<void>;
  /**
   * The run records waiting in the domain's spool, each with its file's name; nothing is
   * removed (a file that is not a record is). The panel stores them, then calls `forget`.
   */
  spooled(domain: CronDomain): Promise<SpooledRun[]>;
  /** Removes these records (names from `spooled`) from the spool, once the panel holds them. */
  forget(domain: CronDomain, files: readonly string[]): Promise<void>;
  /** The installed PHP CLIs, newest first: value `php82`, text `PHP 8.2`, binary. */
  phpApps(): Promise<{ value: string; text: string; binary: string }[]>;
  /** Removes the domain's crontab, specs and spool. */
  remove(domain: CronDomain): Promise<void>;
}

/**
 * The standard log folder below the domain's home: `logs/cron/<hash>.log`. `logs/` itself is
 * root's (webspace hardening), so the adapter makes `cron/` in it the domain user's.
 */
export const CRON_LOG_DIR = ['logs', 'cron'] as const;
