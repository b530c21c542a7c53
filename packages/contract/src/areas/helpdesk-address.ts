import { z } from 'zod';
import { VALIDATION } from '../rules/messages.ts';
import { SINGLE_LINE } from '../rules/text.ts';

/** Helpdesk contact addresses: the fields of the specs and the rules per country. */

export const ADDRESS_STATUSES = ['complete', 'incomplete'] as const;
export const ADDRESS_PRODUCTS = ['HOSTING', 'DOMAIN'] as const;

/**
 * Field codes beyond the shared VALIDATION ones; the web shows them as `validations:<code>`.
 * `zipcode`: the postcode does not fit the country; `housenumber`: likewise the house number.
 */
export const ADDRESS_VALIDATION = {
  zipcode: 'zipcode',
  housenumber: 'housenumber',
  phone: 'phone',
} as const;

interface CountryRule {
  /** A postcode of the country, shown as a hint under the field. */
  example: string;
  /** Matched against the upper-cased, trimmed postcode. */
  zipcode: RegExp;
  /** The postcode as stored and shown (the Dutch `1234 AB`). */
  format?: (zipcode: string) => string;
  /** A number first (most of Europe); a name is allowed where houses have names (GB). */
  housenumber: RegExp;
}

const NUMBERED = /^[1-9][0-9]{0,4}(?:[ -/]?[A-Z0-9]{1,4})?$/i;
const NAMED_OR_NUMBERED = /^[\p{L}0-9][\p{L}0-9 ./-]{0,29}$/u;

/**
 * The countries a customer can choose, with their postcode rule. Dutch postcodes never start
 * with 0 and never end in SA, SD or SS (PostNL leaves those letter pairs out).
 */
export const COUNTRY_RULES = {
  NL: {
    example: '1234 AB',
    zipcode: /^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Z]{2}$/,
    format: (v) => `${v.slice(0, 4)} ${v.slice(-2)}`,
    housenumber: NUMBERED,
  },
  BE: { example: '1000', zipcode: /^[1-9][0-9]{3}$/, housenumber: NUMBERED },
  LU: {
    example: '1234',
    zipcode: /^(?:L-)?[0-9]{4}$/,
    format: (v) => v.replace(/^L-/, ''),
    housenumber: NUMBERED,
  },
  DE: { example: '10115', zipcode: /^[0-9]{5}$/, housenumber: NUMBERED },
  FR: { example: '75001', zipcode: /^[0-9]{5}$/, housenumber: NUMBERED },
  ES: { example: '28001', zipcode: /^[0-5][0-9]{4}$/, housenumber: NUMBERED },
  IT: { example: '00184', zipcode: /^[0-9]{5}$/, housenumber: NUMBERED },
  AT: { example: '1010', zipcode: /^[1-9][0-9]{3}$/, housenumber: NUMBERED },
  CH: { example: '8001', zipcode: /^[1-9][0-9]{3}$/, housenumber: NUMBERED },
  DK: { example: '2100', zipcode: /^[1-9][0-9]{3}$/, housenumber: NUMBERED },
  PL: { example: '00-950', zipcode: /^[0-9]{2}-[0-9]{3}$/, housenumber: NUMBERED },
  GB: {
    example: 'SW1A 1AA',
    zipcode: /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/,
    format: (v) => `${v.replace(' ', '').slice(0, -3)} ${v.slice(-3)}`,
    housenumber: NAMED_OR_NUMBERED,
  },
  US: { example: '10001', zipcode: /^[0-9]{5}(?:-[0-9]{4})?$/, housenumber: NAMED_OR_NUMBERED },
} satisfies Record<string, CountryRule>;
export type Country = keyof typeof COUNTRY_RULES;
export const COUNTRIES = Object.keys(COUNTRY_RULES) as Country[];

const isCountry = (v: string): v is Country => Object.hasOwn(COUNTRY_RULES, v);

/** The postcode as stored, or undefined when it does not fit the country. */
export function normalizeZipcode(country: string, zipcode: string): string | undefined {
  if (!isCountry(country)) return undefined;
  const rule: CountryRule = COUNTRY_RULES[country];
  const v = zipcode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!rule.zipcode.test(v)) return undefined;
  return rule.format ? rule.format(v) : v;
}

export function validHousenumber(country: string, housenumber: string): boolean {
  if (!isCountry(country)) return false;
  const rule: CountryRule = COUNTRY_RULES[country];
  return rule.housenumber.test(housenumber.trim());
}

/** One line of text: trimmed, bounded, no control characters (it goes into mails and PDFs). */
const line = (max: number) =>
  z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(max, VALIDATION.tooLong)
    .regex(SINGLE_LINE, VALIDATION.regex);

/** Digits with an optional leading `+` and the usual separators; 6 to 15 digits (E.164). */
const PHONE = /^\+?[0-9 ()./-]{6,24}$/;
const phoneDigits = (v: string) => v.replace(/\D/g, '').length;

export const addressBody = z
  .strictObject({
    name: line(100),
    email: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, VALIDATION.required)
      .max(254, VALIDATION.tooLong)
      .pipe(z.email(VALIDATION.email)),
    streetname: line(100),
    housenumber: line(20),
    zipcode: line(12),
    city: line(80),
    country: z.enum(COUNTRIES, { error: VALIDATION.required }),
    phone: line(30).refine(
      (v) => PHONE.test(v) && phoneDigits(v) >= 6 && phoneDigits(v) <= 15,
      ADDRESS_VALIDATION.phone,
    ),
  })
  .superRefine((v, ctx) => {
    if (normalizeZipcode(v.country, v.zipcode) === undefined)
      ctx.addIssue({ code: 'custom', path: ['zipcode'], message: ADDRESS_VALIDATION.zipcode });
    if (!validHousenumber(v.country, v.housenumber))
      ctx.addIssue({
        code: 'custom',
        path: ['housenumber'],
        message: ADDRESS_VALIDATION.housenumber,
      });
  })
  .transform((v) => ({ ...v, zipcode: normalizeZipcode(v.country, v.zipcode) ?? v.zipcode }));
export type AddressBody = z.input<typeof addressBody>;
/** What the server stores: trimmed, the postcode in its country's form. */
export type AddressInput = z.output<typeof addressBody>;
