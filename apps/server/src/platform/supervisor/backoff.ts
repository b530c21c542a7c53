/** How long a restarted process must keep running before its failures are forgotten. */
export const STABLE_MS = 60_000;

export interface RestartPolicy {
  /** First restart delay; doubles per failure up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

/**
 * One more failure of a process started at `startedAt` after `failures` earlier ones: the new
 * count (a run longer than STABLE_MS starts over) and the delay before the next try.
 */
export function nextRestart(
  failures: number,
  startedAt: number,
  policy: RestartPolicy,
): { failures: number; delay: number } {
  const count = (Date.now() - startedAt > STABLE_MS ? 0 : failures) + 1;
  return {
    failures: count,
    delay: Math.min(policy.backoffMs * 2 ** (count - 1), policy.maxBackoffMs),
  };
}

/** A delay as the supervisor's log lines say it (`1.5`, in seconds). */
export const seconds = (ms: number) => Math.round(ms / 100) / 10;
