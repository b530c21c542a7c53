import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/nl';
import type { Language } from '@haven/contract/shared';
import { currentLanguage, i18n } from './i18n.ts';

// dayjs stays out of the first chunk: it loads with the first screen that formats a date, and
// from then on its global locale follows the interface language.
dayjs.locale(currentLanguage());
i18n.on('languageChanged', () => dayjs.locale(currentLanguage()));

// Specs: euro with two decimals and a comma, in both languages alike.
const euro = new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `€ 12,50` (a no-break space keeps the sign with the amount). */
export function formatEuro(amount: number): string {
  return euro.format(amount);
}

const SI_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

const LOCALE_OF: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB' };

/** SI sizes (1000-based) with one decimal; whole bytes stay whole. */
export function formatSize(bytes: number, language: Language = 'nl'): string {
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1000 && unit < SI_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const number = new Intl.NumberFormat(LOCALE_OF[language], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
  return `${sign}${number} ${SI_UNITS[unit]}`;
}

/** A date in the chosen language; dayjs's locale follows the i18n language. */
export function formatDate(value: string | number | Date, language: Language, withTime = false): string {
  return dayjs(value)
    .locale(language)
    .format(withTime ? 'D MMMM YYYY HH:mm' : 'D MMMM YYYY');
}
