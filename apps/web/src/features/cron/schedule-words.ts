import cronstrue from 'cronstrue';
import 'cronstrue/locales/nl';
import { Cron } from 'croner';
import type { Language } from '@haven/contract/shared';
import { shiftExpression, zoneOffset } from './local-schedule.ts';

/** The schedule in words (cronstrue), in the screen's language, 24-hour clock. */
export function scheduleWords(expression: string, language: Language): string {
  try {
    return cronstrue.toString(expression, {
      locale: language,
      use24HourTimeFormat: true,
      verbose: false,
    });
  } catch {
    return '';
  }
}

/**
 * The next runs: cron reads the schedule in the server's time zone; the times are shown in the
 * customer's own (the browser's).
 */
export function nextRuns(expression: string, serverZone: string, count = 5): Date[] {
  try {
    return new Cron(expression, { timezone: serverZone, paused: true }).nextRuns(count);
  } catch {
    return [];
  }
}

/** The customer's own time zone: the browser's. */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The schedule in words in the customer's time zone, as the next runs are shown. `zone` is set
 * when the schedule cannot be said in it (a shift that splits the runs over two days): the
 * words are then the server's, in that zone. The zones' difference is taken at the next run.
 */
export function localScheduleWords(
  expression: string,
  language: Language,
  zones: { server: string; local?: string },
  now = new Date(),
): { words: string; zone: string | null } {
  const local = zones.local ?? localZone();
  const [next] = nextRuns(expression, zones.server, 1);
  const at = next ?? now;
  const shift = zoneOffset(local, at) - zoneOffset(zones.server, at);
  const moved = shiftExpression(expression, shift);
  return moved === null
    ? { words: scheduleWords(expression, language), zone: zones.server }
    : { words: scheduleWords(moved, language), zone: null };
}
