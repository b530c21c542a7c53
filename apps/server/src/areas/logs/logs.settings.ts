import { z } from 'zod';

const MB = 1_000_000;

/**
 * Log rotation: a domain's logs rotate when one passes the size, or once a day; the sweep
 * looks every few minutes (`0` minutes: no sweep, for a machine where logrotate does it).
 */
export const logsSettings = () =>
  z
    .object({
      HAVEN_LOG_ROTATE_MB: z.coerce.number().positive().default(50),
      HAVEN_LOG_ROTATE_HOURS: z.coerce.number().positive().default(24),
      HAVEN_LOG_KEEP: z.coerce.number().int().min(1).max(99).default(7),
      HAVEN_LOG_SWEEP_MINUTES: z.coerce.number().min(0).default(10),
    })
    .transform((e) => ({
      rotateBytes: Math.round(e.HAVEN_LOG_ROTATE_MB * MB),
      rotateEveryMs: Math.round(e.HAVEN_LOG_ROTATE_HOURS * 3_600_000),
      keep: e.HAVEN_LOG_KEEP,
      sweepMs: Math.round(e.HAVEN_LOG_SWEEP_MINUTES * 60_000),
    }));
export type LogsSettings = z.output<ReturnType<typeof logsSettings>>;
