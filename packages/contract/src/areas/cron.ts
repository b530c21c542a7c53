import { z } from 'zod';
import { defineEndpoint, WEBHOSTING_ACCESS } from '../endpoint.ts';
import { relPathNames } from '../rules/rel-path.ts';
import { domainParams } from './account.ts';
import { CRON_FIELDS, fieldProblem, type CronField } from './cron-planner.ts';

export * from './cron-planner.ts';

/**
 * Cron jobs of a premium domain (specs part 2 "Cron jobs", entity "Cronjob", planner, quick
 * schedules). Each job belongs to an FTP user (web user) of the domain and runs in that user's
 * folder as the domain's system account. Beyond the specs: run now and a run history.
 */

/** Codes; the web shows them as `webhosting.cronjob.error.<code>` (specs §8). */
export const CRON_ERRORS = [
  'not_premium',
  'unknown_ftp_user',
  'name_in_use',
  'invalid_name',
  /** A newline or other control character in a field (a job is one line). */
  'invalid_characters',
  'invalid_schedule',
  'invalid_path',
  'invalid_command',
  'invalid_log_path',
  'unknown_app',
  'max_jobs',
  'unavailable',
] as const;
export type CronError = (typeof CRON_ERRORS)[number];

export const CRON_LIMITS = {
  nameMax: 64,
  pathMax: 255,
  commandMax: 1000,
  /** Jobs per domain. */
  jobsPerDomain: 100,
  /** Runs kept per job. */
  runsKept: 20,
  /** Output lines kept per run. */
  outputLines: 20,
  outputBytes: 4096,
} as const;

/**
 * What a job's field must never hold: a control character (a newline would start a second line).
 * `%` is welcome (`date +%s`): no field reaches a crontab line, which names only Haven's runner,
 * the specs file and the job's hash; the runner hands the command to `/bin/sh -c` as it was
 * typed, under the system cron daemon and the local scheduler alike.
 */
// eslint-disable-next-line no-control-regex
export const hasCronUnsafe = (v: string) => /[\u0000-\u001f\u007f]/.test(v);

/**
 * A path below the FTP user's folder by the one rule for customer paths (`relPathNames`, also the
 * file manager's): `..` and control characters refused; a leading `/` is that folder, as FTP
 * shows it.
 */
export function relPathProblem(v: string): 'invalid_path' | null {
  return relPathNames(v) === null ? 'invalid_path' : null;
}

/** The form a cron path is stored in: its names joined, no slash around (`''`: the folder). */
export const relPathText = (v: string): string => (relPathNames(v) ?? []).join('/');

const text = (max: number) => z.string().max(max);

export const cronSchedule = z.object(
  Object.fromEntries(CRON_FIELDS.map((f) => [f, z.string().max(200)])) as Record<
    CronField,
    z.ZodString
  >,
);

/** The planner's rules for a whole schedule: the first field that is wrong, or null. */
export function scheduleProblem(s: z.infer<typeof cronSchedule>): CronField | null {
  return CRON_FIELDS.find((f) => fieldProblem(f, s[f]) !== null) ?? null;
}

export const cronjobBody = z.object({
  /** `command` for a plain command, else an installed PHP (`php83`). Default php (specs §9). */
  app: text(20),
  name: text(CRON_LIMITS.nameMax),
  /** Folder below the FTP user's folder; the script file in it (php apps). */
  script_dir: text(CRON_LIMITS.pathMax),
  script_file: text(CRON_LIMITS.pathMax),
  /** The command (app `command`), run by /bin/sh in the FTP user's folder. */
  command: text(CRON_LIMITS.commandMax),
  logging: z.boolean(),
  logging_mode: z.enum(['append', 'overwrite']),
  /** Empty: the standard log (`logs/cron/<hash>.log` of the domain); else a file below the FTP user's folder. */
  logging_path: text(CRON_LIMITS.pathMax),
  schedule: cronSchedule,
});
export type CronjobBody = z.infer<typeof cronjobBody>;

export const cronRun = z.object({
  started_at: z.string(),
  duration_ms: z.number().int().nonnegative(),
  exit_code: z.number().int(),
  failed: z.boolean(),
  trigger: z.enum(['schedule', 'manual']),
  /** The last lines of output (stdout and stderr together). */
  output: z.string(),
});
export type CronRun = z.infer<typeof cronRun>;

export const cronjobCommand = z.object({
  command: z.string(),
  script_root: z.string(),
  script_dir: z.string(),
  script_file: z.string(),
  logging: z.boolean(),
  logging_mode: z.enum(['append', 'overwrite']),
  logging_path: z.string(),
});

/** The specs' entity: hash, paused, jobs[] (one here) with the five fields and the command. */
export const cronjob = z.object({
  hash: z.string(),
  name: z.string(),
  user: z.string(),
  app: z.string(),
  paused: z.boolean(),
  jobs: z.array(cronSchedule.extend({ command: cronjobCommand })),
  last_run: cronRun.nullable(),
});
export type Cronjob = z.infer<typeof cronjob>;

export const cronOverview = z.object({
  premium: z.boolean(),
  users: z.array(z.string()),
  /** Installed PHP versions, newest first, then `command`. */
  apps: z.array(z.object({ value: z.string(), text: z.string() })),
  /** The server's time zone: cron reads the schedule in it. */
  timezone: z.string(),
});
export type CronOverview = z.infer<typeof cronOverview>;

const userParams = domainParams.extend({
  user: z
    .string()
    .max(32)
    .regex(/^[a-z0-9_.-]+$/),
});
const jobParams = userParams.extend({ hash: z.string().regex(/^[a-f0-9]{16}$/) });
const base = '/api/{domain}/webhosting/cronjob';
const tag = 'cron';
const access = WEBHOSTING_ACCESS;
const ERR = ['not_premium', 'unknown_ftp_user', 'unavailable'] as const;

export const getCronOverview = defineEndpoint({
  method: 'GET',
  path: base,
  ...access,
  tag,
  summary: 'Whether cron jobs are available, the FTP users and the apps (PHP versions) to choose',
  params: domainParams,
  response: cronOverview,
  errors: [],
});

export const listCronjobs = defineEndpoint({
  method: 'GET',
  path: `${base}/{user}`,
  ...access,
  tag,
  summary: 'The cron jobs of an FTP user',
  params: userParams,
  response: z.object({ jobs: z.array(cronjob) }),
  errors: ERR,
});

export const getCronjob = defineEndpoint({
  method: 'GET',
  path: `${base}/{user}/{hash}`,
  ...access,
  tag,
  summary: 'One cron job with its run history (newest first)',
  params: jobParams,
  response: z.object({ job: cronjob, runs: z.array(cronRun) }),
  errors: ERR,
});

export const createCronjob = defineEndpoint({
  method: 'POST',
  path: `${base}/{user}`,
  ...access,
  tag,
  summary: 'Add a cron job; its crontab line is installed at once',
  params: userParams,
  body: cronjobBody,
  response: cronjob,
  errors: CRON_ERRORS,
});

export const updateCronjob = defineEndpoint({
  method: 'PUT',
  path: `${base}/{user}/{hash}`,
  ...access,
  tag,
  summary: 'Change a cron job (its hash stays)',
  params: jobParams,
  body: cronjobBody,
  response: cronjob,
  errors: CRON_ERRORS,
});

export const deleteCronjob = defineEndpoint({
  method: 'DELETE',
  path: `${base}/{user}/{hash}`,
  ...access,
  tag,
  summary: 'Delete a cron job and its history',
  params: jobParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: ERR,
});

export const pauseCronjob = defineEndpoint({
  method: 'POST',
  path: `${base}/{user}/{hash}/pause`,
  ...access,
  tag,
  summary: 'Pause a cron job (its line leaves the crontab)',
  params: jobParams,
  response: cronjob,
  errors: ERR,
});

export const resumeCronjob = defineEndpoint({
  method: 'POST',
  path: `${base}/{user}/{hash}/resume`,
  ...access,
  tag,
  summary: 'Resume a paused cron job',
  params: jobParams,
  response: cronjob,
  errors: ERR,
});

export const runCronjob = defineEndpoint({
  method: 'POST',
  expensive: true,
  path: `${base}/{user}/{hash}/run`,
  ...access,
  tag,
  summary: 'Run a cron job now (waits for it, at most 60 seconds) and answer the run',
  params: jobParams,
  response: cronRun,
  errors: ERR,
});
