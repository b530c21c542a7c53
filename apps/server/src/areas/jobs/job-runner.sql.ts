import { randomUUID } from 'node:crypto';
import { LIMITS } from '@haven/contract';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../model/logger.ts';
import type { JobOwner, JobRow, JobsStore } from './jobs.store.ts';
import type { JobHandler, JobRunner } from '../../model/jobs.ts';
import { runJob } from './run-job.ts';

export interface RunnerLimits {
  /** Jobs running at once in this process. */
  slots: number;
  /** Jobs of one customer running at once (counted over every process). */
  perCustomer: number;
  /** Jobs a customer may have queued or running; a new one past it is refused. */
  queuedPerCustomer: number;
}

export const DEFAULT_RUNNER_LIMITS: RunnerLimits = {
  slots: LIMITS.fairUse.jobSlots,
  perCustomer: LIMITS.fairUse.jobSlotsPerCustomer,
  queuedPerCustomer: LIMITS.fairUse.jobsQueuedPerCustomer,
};

/**
 * Runs jobs kept in SQL, a few at a time per process, polling and woken on enqueue. Fair: the
 * next job is the oldest of the customer whose last job started longest ago (round-robin), and a
 * customer at `perCustomer` running jobs waits, so one customer's queue never holds up another's.
 */
export function createSqlJobRunner(
  store: JobsStore,
  clock: Clock,
  log: Logger,
  pollMs = 1000,
  limits: RunnerLimits = DEFAULT_RUNNER_LIMITS,
): JobRunner {
  const handlers = new Map<string, JobHandler>();
  const worker = randomUUID();
  const active = new Set<Promise<void>>();
  const lastStart = new Map<number | null, number>();
  let starts = 0;
  let timer: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | undefined;
  let wanted = false;
  let stopped = true;
  let controller = new AbortController();
  // Enqueues one at a time, so parallel calls cannot all pass the per-customer count.
  let enqueueing: Promise<unknown> = Promise.resolve();

  /** Round-robin: among customers below their cap, the one served longest ago, then the oldest job. */
  function nextOwner(owners: JobOwner[]): JobOwner | undefined {
    const ready = owners.filter((o) => o.oldest !== null && o.running < limits.perCustomer);
    const rank = (o: JobOwner) => lastStart.get(o.owner) ?? 0;
    ready.sort((a, b) => rank(a) - rank(b) || a.oldest! - b.oldest!);
    return ready[0];
  }

  async function fill(): Promise<void> {
    while (!stopped && active.size < limits.slots) {
      const owner = nextOwner(await store.owners());
      if (!owner) return;
      const job = await store.nextQueuedOf(owner.owner);
      if (!job || !(await store.claim(job.id, worker, clock.now()))) continue;
      lastStart.set(owner.owner, ++starts);
      const run: Promise<void> = execute(job).finally(() => {
        active.delete(run);
        void pump();
      });
      active.add(run);
    }
  }

  async function execute(job: JobRow): Promise<void> {
    try {
      await runJob(job, handlers.get(job.kind), { store, clock, log, signal: controller.signal });
    } catch (error) {
      log.error({ err: error, job: job.id }, 'job bookkeeping failed');
    }
  }

  /** Fills free slots; a call while filling makes it look once more (a job enqueued meanwhile). */
  function pump(): Promise<void> {
    wanted = true;
    pumping ??= (async () => {
      try {
        while (wanted && !stopped) {
          wanted = false;
          await fill();
        }
      } finally {
        pumping = undefined;
      }
    })();
    return pumping;
  }

  async function enqueue(kind: string, domainId: number | null, payload: unknown) {
    if (domainId !== null && (await store.activeOfOwner(domainId)) >= limits.queuedPerCustomer) {
      throw new AppError('too_many_running', 'too_many', undefined, {
        retryAfterSeconds: LIMITS.fairUse.retryAfterSeconds,
      });
    }
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
    if (!stopped) void pump();
    return id;
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    enqueue(kind, domainId, payload) {
      const done = enqueueing.then(() => enqueue(kind, domainId, payload));
      enqueueing = done.catch(() => undefined);
      return done;
    },
    async start() {
      stopped = false;
      controller = new AbortController();
      for (const orphan of await store.orphans(worker)) {
        const h = handlers.get(orphan.kind);
        if (h?.resumable && orphan.attempts < 3) await store.requeue(orphan.id, clock.now());
        else await store.finish(orphan.id, 'failed', { error: 'interrupted' }, clock.now());
      }
      timer = setInterval(() => void pump(), pollMs);
      timer.unref();
      void pump();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      controller.abort();
      await pumping;
      await Promise.allSettled([...active]);
    },
    async idle() {
      while (pumping || active.size > 0) {
        await pumping;
        await Promise.allSettled([...active]);
      }
    },
  };
}
