import type { Language } from '@haven/contract/shared';

/**
 * Makes a value at its first use, once. The formatters are not built at import: Intl's
 * constructors load locale data, and this module runs with the shell before its first paint.
 */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const SI_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

const LOCALE_OF: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB' };

// Specs: euro with two decimals; the separators are the language's.
const EURO: Record<Language, () => Intl.NumberFormat> = {
  nl: once(() => new Intl.NumberFormat(LOCALE_OF.nl, { style: 'currency', currency: 'EUR' })),
  en: once(() => new Intl.NumberFormat(LOCALE_OF.en, { style: 'currency', currency: 'EUR' })),
};
// One per language and number of decimals, as the sizes' below.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `€ 12,50` in Dutch, `€12.50` in English: the amount reads as the interface's language. */
export function formatEuro(amount: number, language: Language): string {
  return EURO[language]().format(amount);
}

/** A count or figure in the language's form: `1.234,5` / `1,234.5`. */
export function formatNumber(value: number, language: Language, digits = 0): string {
  const key = `${language}-${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[language], {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** SI sizes (1000-based) with one decimal; whole bytes stay whole. */
export function formatSize(bytes: number, language: Language = 'nl'): string {
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1000 && unit < SI_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const number = sizeFormat(language, unit === 0 ? 0 : 1).format(value);
  return `${sign}${number} ${SI_UNITS[unit]}`;
}

// One per language and number of decimals: made per call, they took 45 ms of a phone's (4x
// slowdown) render of the dashboard's statistics, more than the rest of it.
const sizeFormats = new Map<string, Intl.NumberFormat>();

function sizeFormat(language: Language, digits: number): Intl.NumberFormat {
  const key = `${language}-${digits}`;
  let format = sizeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[language], {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    sizeFormats.set(key, format);
  }
  return format;
}

// One formatter per language and part, made once (a file listing formats a date per row).
const formatters = (
  options: Intl.DateTimeFormatOptions,
): Record<Language, () => Intl.DateTimeFormat> => ({
  nl: once(() => new Intl.DateTimeFormat(LOCALE_OF.nl, options)),
  en: once(() => new Intl.DateTimeFormat(LOCALE_OF.en, options)),
});
const DAY = formatters({ day: 'numeric', month: 'long', year: 'numeric' });
const SHORT_DAY = formatters({ weekday: 'short', day: 'numeric', month: 'short' });
const TIME = formatters({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * Builds a language's formatters ahead of their first use: the first of each took tens of ms on a
 * phone (4x slowdown), so a screen can build them in a task of its own while its data loads.
 */
export function prepareFormats(language: Language): void {
  DAY[language]();
  TIME[language]();
  sizeFormat(language, 0);
  sizeFormat(language, 1);
}

/** A calendar date ('2025-03-05') is that day here, not midnight UTC as `new Date` reads it. */
function toDate(value: string | number | Date): Date {
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

/** `5 maart 2025` / `5 March 2025`, with the time `5 maart 2025 10:07` (local time, 24 h). */
export function formatDate(
  value: string | number | Date,
  language: Language,
  withTime = false,
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const day = DAY[language]().format(date);
  return withTime ? `${day} ${TIME[language]().format(date)}` : day;
}

/** A day in a list of days: `za 1 nov` / `Sat 1 Nov`. */
export function formatShortDate(value: string | number | Date, language: Language): string {
  return SHORT_DAY[language]().format(toDate(value));
}

/** `10:07` (local time, 24 h). */
export function formatTime(value: string | number | Date, language: Language): string {
  return TIME[language]().format(toDate(value));
}

/** A period, said once: `1–26 november 2026`, `28 February – 3 March 2026`. */
export function formatDateRange(
  from: string | number | Date,
  to: string | number | Date,
  language: Language,
): string {
  return DAY[language]().formatRange(toDate(from), toDate(to));
}
