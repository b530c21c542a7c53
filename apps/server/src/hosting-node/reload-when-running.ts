import type { Supervisor } from '../platform/supervisor/supervisor.ts';

/**
 * Tells a supervised service to re-read its config: at once when it runs; when it is still
 * starting (it may have read its files already), once it runs. A service that is down reads its
 * files when it starts. True when the signal went at once.
 */
export function reloadWhenRunning(supervisor: Supervisor, name: string, pollMs = 500) {
  let waiting = false;
  const state = () => supervisor.statuses().find((s) => s.name === name)?.state;
  return (): boolean => {
    const now = state();
    if (now === 'running') return supervisor.reload(name);
    if (now !== 'starting' || waiting) return false;
    waiting = true;
    const timer = setInterval(() => {
      const later = state();
      if (later === 'starting') return;
      clearInterval(timer);
      waiting = false;
      if (later === 'running') supervisor.reload(name);
    }, pollMs);
    timer.unref();
    return false;
  };
}
