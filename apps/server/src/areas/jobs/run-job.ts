import { actingFor } from '../../lib/acting-domain.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { JobRow, JobsStore } from './jobs.store.ts';
import type { JobHandler } from '../../model/jobs.ts';

export interface RunDeps {
  store: JobsStore;
  clock: Clock;
  log: Logger;
  signal: AbortSignal;
}

/** Runs one claimed job to its end and records the outcome (result or failure code). */
export async function runJob(
  job: JobRow,
  handler: JobHandler | undefined,
  { store, clock, log, signal }: RunDeps,
): Promise<void> {
  if (!handler) {
    await store.finish(job.id, 'failed', { error: 'unknown_job' }, clock.now());
    return;
  }
  let last = 0;
  // Every line about this job names it: the job's id and kind on a child of the runner's logger.
  const jobLog = log.child({ job: job.id, kind: job.kind });
  const started = clock.now();
  jobLog.debug('job started');
  try {
    const run = () =>
      handler.run({
        id: job.id,
        log: jobLog,
        domainId: job.domain_id,
        payload: JSON.parse(job.payload) as unknown,
        signal,
        progress: async (p) => {
          const now = clock.now();
          if (now - last < 250 && p < 100) return;
          last = now;
          await store.progress(job.id, Math.max(0, Math.min(100, Math.round(p))), now);
        },
      });
    // A node change the job makes shows on its domain's screens.
    const result = await (job.domain_id === null ? run() : actingFor(job.domain_id, run));
    await store.finish(job.id, 'done', { result: JSON.stringify(result ?? null) }, clock.now());
    jobLog.info({ ms: clock.now() - started }, 'job done');
  } catch (error) {
    const code =
      error instanceof Error && 'code' in error && typeof error.code === 'string'
        ? error.code
        : 'job_failed';
    jobLog.error({ err: error, code }, 'job failed');
    await store.finish(job.id, 'failed', { error: code }, clock.now());
  }
}
