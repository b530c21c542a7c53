/**
 * What Haven hands the job runner (`cron-run.ts`) for one job, as a JSON file that only Haven
 * writes (root-owned when domain users are on, readable by the domain's group): the crontab line
 * names this file and nothing the customer typed.
 */
export interface RunSpec {
  hash: string;
  /** The folder the job runs in (the FTP user's folder, or the script's folder). */
  cwd: string;
  /** What to run: `[php, script]` or `['/bin/sh', '-c', command]`. */
  argv: string[];
  /** The output also goes to this file (below the FTP user's folder), or nowhere. */
  log: { path: string; append: boolean } | null;
  /** Where the runner leaves the run record for Haven to take in (writable by the domain user). */
  spool: string;
  /** A root runner drops to this account before anything else (setpriv). */
  runAs: { uid: number; gid: number } | null;
  /** HOME for the job. */
  home: string;
}

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
