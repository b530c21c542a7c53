import cronstrue from 'cronstrue';
import 'cronstrue/locales/nl';
import { Cron } from 'croner';
import type { Language } from '@haven/contract/shared';

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
