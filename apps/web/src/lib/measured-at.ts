import type { TFunction } from 'i18next';
import type { Language } from '@haven/contract/shared';
import { formatDate, formatTime } from './format.ts';

/** Whether two moments fall on the same local calendar day. */
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

/**
 * When a figure was measured, in the language's own form: "Gemeten om 10:42" today, "Gemeten op
 * 28 november 2026 om 10:42" on another day (local time; `common:measured`).
 */
export function measuredAtText(
  t: TFunction,
  at: number,
  language: Language,
  now: number = Date.now(),
): string {
  const time = formatTime(at, language);
  return sameDay(new Date(at), new Date(now))
    ? t('common:measured.at', { time })
    : t('common:measured.on', { date: formatDate(at, language), time });
}
