/**
 * What Haven hands the job runner (`cron-run.ts`): one JSON file per domain that only Haven
 * writes (root-owned when domain users are on, readable by the domain's group), with every job's
 * spec by its hash. A crontab line names this file and a hash, nothing the customer typed.
 */
export interface DomainSpecs {
  /** Where the runner leaves run records for Haven to take in (writable by the domain user). */
  spool: string;
  /** A root runner drops to this account before anything else (setpriv). */
  runAs: { uid: number; gid: number } | null;
  jobs: Record<string, JobSpec>;
}

/** One job as the runner runs it. */
export interface JobSpec {
  /** The folder the job runs in (the FTP user's folder, or the script's folder). */
  cwd: string;
  /** What to run: `[php, script]` or `['/bin/sh', '-c', command]`. */
  argv: string[];
  /** The output also goes to this file (below the FTP user's folder), or nowhere. */
  log: { path: string; append: boolean } | null;
  /** HOME for the job. */
  home: string;
}

/** The specs file of a domain, in its folder `<cron root>/domains/<id>/`. */
export const SPECS_FILE = 'jobs.json';

/** A job's hash: 16 hex, the only job-specific word on a crontab line. */
export const JOB_HASH = /^[a-f0-9]{16}$/;

/** One run as the runner records it in the spool; Haven checks every field before taking it in. */
export interface RunRecord {
  hash: string;
  started_at: number;
  duration_ms: number;
  exit_code: number;
  trigger: 'schedule' | 'manual';
  output: string;
}

/** Output kept in the record: the last lines, at most this many bytes. */
export const TAIL_LINES = 20;
export const TAIL_BYTES = 4096;

export function tailOf(output: string): string {
  const lines = output.replace(/\n$/, '').split('\n');
  const tail = lines.slice(-TAIL_LINES).join('\n');
  return tail.length > TAIL_BYTES ? tail.slice(-TAIL_BYTES) : tail;
}
