import type { Logger } from '../model/logger.ts';

/** Work an area wants done on a timer (renewals, rotation, log reading): declared, not run by it. */
export interface Periodic {
  name: string;
  /** Milliseconds between runs; 0 or less turns the task off (a setting can disable it). */
  everyMs: number;
  /** Run once right at start too (not only after the first interval). */
  atStart?: boolean;
  run(): Promise<void>;
}

/**
 * Runs every area's periodic tasks, one timer each: a run still busy when the next is due is not
 * doubled, a failure is logged with the task's name and the next run goes on, and `stop` waits
 * for the runs in progress, so a shutdown never cuts one off halfway.
 */
export function startPeriodic(
  tasks: readonly (Periodic & { area: string })[],
  log: Pick<Logger, 'warn'>,
): { stop(): Promise<void> } {
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  const tick = (task: Periodic & { area: string }) => {
    const key = `${task.area}/${task.name}`;
    if (running.has(key)) return;
    const run = task
      .run()
      .catch((err: unknown) =>
        log.warn({ err, area: task.area, task: task.name }, 'periodic task failed'),
      )
      .finally(() => running.delete(key));
    running.set(key, run);
  };
  for (const task of tasks) {
    if (task.everyMs <= 0) continue;
    const timer = setInterval(() => tick(task), task.everyMs);
    timer.unref();
    timers.push(timer);
    if (task.atStart) tick(task);
  }
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
