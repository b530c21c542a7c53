import type { Insertable } from 'kysely';
import { cron } from '@haven/contract';
import type { RunRecord } from '../../platform/cron/run-spec.ts';
import type { CronRunsTable } from './cron.tables.ts';

const HASH = /^[a-f0-9]{16}$/;

/**
 * A run record from the domain's spool as a row of `cron_runs`, or null. The spool is the
 * customer's to write in: only a record of one of that domain's own jobs (`jobs`: hash -> id)
 * with every field of the right kind counts; the output is cut to what is kept.
 */
export function runOfRecord(
  r: RunRecord,
  jobs: ReadonlyMap<string, number>,
): Insertable<CronRunsTable> | null {
  const id = typeof r.hash === 'string' && HASH.test(r.hash) ? jobs.get(r.hash) : undefined;
  const ok =
    id !== undefined &&
    Number.isSafeInteger(r.started_at) &&
    Number.isSafeInteger(r.duration_ms) &&
    Number.isSafeInteger(r.exit_code) &&
    typeof r.output === 'string';
  if (!ok) return null;
  return {
    job_id: id,
    started_at: r.started_at,
    duration_ms: Math.max(0, r.duration_ms),
    exit_code: r.exit_code,
    trigger: r.trigger === 'manual' ? 'manual' : 'schedule',
    output: r.output.slice(-cron.CRON_LIMITS.outputBytes),
  };
}
