import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../core.ts';
import type { JobsStore } from './jobs.store.ts';
import type { JobHandler, JobRunner } from '../../model/jobs.ts';

/** Runs jobs kept in SQL, one at a time per process, polling and woken on enqueue. */
export function createSqlJobRunner(
  store: JobsStore,
  clock: Clock,
  log: Logger,
  pollMs = 1000,
): JobRunner {
  const handlers = new Map<string, JobHandler>();
  const worker = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let controller = new AbortController();

  async function runOne(): Promise<boolean> {
    const job = await store.nextQueued();
    if (!job) return false;
    if (!(await store.claim(job.id, worker, clock.now()))) return true;
    const handler = handlers.get(job.kind);
    if (!handler) {
      await store.finish(job.id, 'failed', { error: 'unknown_job' }, clock.now());
      return true;
    }
    let last = 0;
    // Every line about this job names it: the job's id and kind on a child of the runner's logger.
    const jobLog = log.child({ job: job.id, kind: job.kind });
    const started = clock.now();
    jobLog.debug('job started');
    try {
      const result = await handler.run({
        id: job.id,
        log: jobLog,
        domainId: job.domain_id,
        payload: JSON.parse(job.payload) as unknown,
        signal: controller.signal,
        progress: async (p) => {
          const now = clock.now();
          if (now - last < 250 && p < 100) return;
          last = now;
          await store.progress(job.id, Math.max(0, Math.min(100, Math.round(p))), now);
        },
      });
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
    return true;
  }

  function drain(): Promise<void> {
    running ??= (async () => {
      try {
        while (!stopped && (await runOne()));
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async enqueue(kind, domainId, payload) {
      const id = randomUUID();
      const now = clock.now();
      await store.insert({
        id,
        kind,
        domain_id: domainId,
        state: 'queued',
        progress: 0,
        payload: JSON.stringify(payload),
        result: null,
        error: null,
        attempts: 0,
        worker: null,
        created_at: now,
        updated_at: now,
      });
      if (!stopped) void drain();
      return id;
    },
    async start() {
      stopped = false;
      controller = new AbortController();
      for (const orphan of await store.orphans(worker)) {
        const h = handlers.get(orphan.kind);
        if (h?.resumable && orphan.attempts < 3) await store.requeue(orphan.id, clock.now());
        else await store.finish(orphan.id, 'failed', { error: 'interrupted' }, clock.now());
      }
      timer = setInterval(() => void drain(), pollMs);
      timer.unref();
      void drain();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      controller.abort();
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
}
