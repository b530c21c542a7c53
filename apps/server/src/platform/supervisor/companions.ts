import { nextRestart, seconds, type RestartPolicy } from './backoff.ts';
import type { Companion, SupervisorLog } from './service.ts';

export interface CompanionWatchOptions {
  /** The service they belong to, for the log (`php-fpm-8.2`). */
  service: string;
  list(): Promise<Companion[]>;
  /** Whether their service runs now: only then are they checked. */
  active(): boolean;
  policy: RestartPolicy;
  pollMs: number;
  log: SupervisorLog;
  /** What ails them now (null: all run), and whether one was just started again. */
  report(failing: string | null, restarted: boolean): void;
}

export interface CompanionWatch {
  /** Ends the checks and waits for a restart under way, so none starts after. */
  stop(): Promise<void>;
}

interface Tracked {
  failures: number;
  startedAt: number;
  timer: NodeJS.Timeout | null;
  /** Why it is down; null while it runs. */
  error: string | null;
}

/**
 * Watches the processes a service starts beside itself (they daemonize, so no exit event
 * reaches Haven: they are polled) and restarts one that died with the supervisor's backoff. One
 * that is no longer listed (its domain removed) is forgotten, never restarted.
 */
export function watchCompanions(o: CompanionWatchOptions): CompanionWatch {
  // Kept while it runs again too: one that dies soon after a restart waits longer each time.
  const known = new Map<string, Tracked>();
  let stopped = false;
  let busy: Promise<void> = Promise.resolve();
  let poll: NodeJS.Timeout | null = null;

  const report = (restarted: boolean) => {
    const failing = [...known].flatMap(([name, t]) => (t.error ? [`${name}: ${t.error}`] : []));
    o.report(failing.length > 0 ? failing.slice(0, 3).join('; ') : null, restarted);
  };

  function fail(c: Companion, t: Tracked, error: string): void {
    const next = nextRestart(t.failures, t.startedAt, o.policy);
    t.failures = next.failures;
    t.error = error;
    o.log(
      'error',
      `services: ${o.service} ${c.name} failed (${error}); restart in ${seconds(next.delay)} s`,
    );
    t.timer = setTimeout(() => {
      t.timer = null;
      busy = busy.then(() => restart(c, t));
    }, next.delay);
    report(false);
  }

  async function restart(c: Companion, t: Tracked): Promise<void> {
    // Its service down or stopping: the next check while it runs finds this one again.
    if (stopped || !o.active() || known.get(c.name) !== t) return;
    t.startedAt = Date.now();
    try {
      await c.start();
      t.error = null;
      o.log('info', `services: ${o.service} ${c.name} running again`);
      report(true);
    } catch (error) {
      fail(c, t, error instanceof Error ? error.message : String(error));
    }
  }

  async function check(): Promise<void> {
    const now = await o.list();
    const names = new Set(now.map((c) => c.name));
    let changed = false;
    for (const [name, t] of known)
      if (!names.has(name)) {
        if (t.timer) clearTimeout(t.timer);
        known.delete(name);
        changed ||= t.error !== null;
      }
    for (const c of now) {
      if (stopped) return;
      const t = known.get(c.name);
      if (c.alive) {
        // Started by the web server meanwhile: a pending restart finds it running.
        if (t?.error && !t.timer) {
          t.error = null;
          changed = true;
        }
        continue;
      }
      if (t?.timer) continue;
      const tracked = t ?? { failures: 0, startedAt: 0, timer: null, error: null };
      known.set(c.name, tracked);
      const said = await c.lastWords();
      fail(c, tracked, said ? `not running; last in its log: ${said}` : 'not running');
    }
    if (changed) report(false);
  }

  const schedule = () => {
    poll = setTimeout(() => {
      busy = busy
        .then(() => (o.active() && !stopped ? check() : undefined))
        .catch((e: unknown) => o.log('warn', `services: ${o.service}: ${String(e)}`))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, o.pollMs);
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      if (poll) clearTimeout(poll);
      for (const t of known.values()) if (t.timer) clearTimeout(t.timer);
      await busy;
    },
  };
}
