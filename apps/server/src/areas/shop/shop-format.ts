import type { Language } from '@haven/contract/shared';

/**
 * Money, percentages and days on invoices and in mails, in the customer's language: the same
 * forms as the web's lib/format.ts, so a PDF and a mail say an amount as the panel does.
 */
const LOCALE_OF: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB' };

// Built once per language: Intl's constructors load locale data.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** `€ 12,50` in Dutch, `€12.50` in English (euro with two decimals; the separators are the language's). */
export function formatEuro(cents: number, language: Language): string {
  const format = cached(
    `euro-${language}`,
    () => new Intl.NumberFormat(LOCALE_OF[language], { style: 'currency', currency: 'EUR' }),
  );
  return format.format(cents / 100);
}

/** A VAT rate in basis points as the language writes it: `21%`, `9,5%` / `9.5%`. */
export function formatRate(basisPoints: number, language: Language): string {
  const format = cached(
    `rate-${language}`,
    () => new Intl.NumberFormat(LOCALE_OF[language], { maximumFractionDigits: 2 }),
  );
  return `${format.format(basisPoints / 100)}%`;
}

/** A calendar day ('2026-03-05') read as that day wherever the server runs. */
function dayOf(ymd: string): Date {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/** A day in a table of an invoice: `05-03-2026` / `05/03/2026`. */
export function formatShortDay(ymd: string, language: Language): string {
  const format = cached(
    `short-${language}`,
    () =>
      new Intl.DateTimeFormat(LOCALE_OF[language], {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  );
  return format.format(dayOf(ymd));
}

/** A day in a sentence: `5 maart 2026` / `5 March 2026`. */
export function formatDay(ymd: string, language: Language): string {
  const format = cached(
    `day-${language}`,
    () =>
      new Intl.DateTimeFormat(LOCALE_OF[language], {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  );
  return format.format(dayOf(ymd));
}
