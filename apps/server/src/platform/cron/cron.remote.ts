import type { CronTable } from './cron.port.ts';
import type { PortSpec } from '../node-bus/port-spec.ts';

/** How long the panel waits for a job run now: the runner's own limit and a margin. */
export const RUN_NOW_WAIT_MS = 65_000;

/**
 * The cron port across the bus. A domain's crontab is one object (`cron:<domain id>`): install
 * sets its whole state, remove supersedes it. Run records are taken in two steps so none is lost
 * when an answer is: `spooled` only reads them, the panel stores them (skipping one it holds),
 * then `forget` removes those files. A lost `forget` means the same records are read again.
 */
export const cronRemote: PortSpec<CronTable> = {
  name: 'cron',
  methods: {
    install: { kind: 'change', object: (domain) => `cron:${domain.id}`, whenPending: 'throw' },
    remove: { kind: 'change', object: (domain) => `cron:${domain.id}` },
    // Each forget names its own files, so a newer one superseding an older leaves only files
    // that are read again and skipped as held.
    forget: { kind: 'change', object: (domain) => `cron-spool:${domain.id}` },
    spooled: { kind: 'read' },
    // A request, never queued: a job is run now or refused, not run later when the node is back.
    runNow: { kind: 'read', timeoutMs: RUN_NOW_WAIT_MS },
    phpApps: { kind: 'read' },
  },
};
