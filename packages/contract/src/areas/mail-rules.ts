import { z } from 'zod';
import { VALIDATION } from '../rules/messages.ts';
import { SINGLE_LINE } from '../rules/text.ts';
import { mailTarget } from './mail-values.ts';

/**
 * A mailbox's autoresponder and spam filter (specs part 2 §3 "Mail account": autoresponder
 * {enabled, content_type, text} and spamfilter {modify_subject, whitelist[], blacklist[]}, plus
 * the fields the interface texts add). The mail area stores these; the platform renders them into
 * the mailbox's Sieve script and the spam filter's per-user settings.
 */

/**
 * Error codes; the web shows them as `mail-rules:error.<code>` (the mail area's endpoints list
 * the ones they can answer).
 */
export const MAIL_RULES_ERRORS = [
  /** A whitelist entry that does not look like an address pattern (specs §5). */
  'spamfilter_invalid',
  /** A newline or control character in the autoresponder subject (header injection). */
  'subject_invalid',
  /** The end date is not a date, or lies in the past. */
  'end_date_invalid',
  /** More than one answer a day per address while single addresses are remembered longer. */
  'answers_per_day_invalid',
  /** The Sieve compiler refused the rendered script; nothing was replaced. */
  'sieve_rejected',
  /** The spam filter's config check refused the rendered settings; nothing was replaced. */
  'filter_rejected',
] as const;
export type MailRulesError = (typeof MAIL_RULES_ERRORS)[number];

export const AUTORESPONDER_LIMITS = {
  subjectMax: 200,
  bodyMax: 20_000,
  /** Memory of single addresses: Sieve vacation `:days`; Pigeonhole's default max is 60. */
  daysMin: 1,
  daysMax: 60,
  /** Answers per day per address; more than one is one every 24/n hours (vacation `:seconds`). */
  answersPerDayMin: 1,
  answersPerDayMax: 24,
} as const;

export const SPAMFILTER_LIMITS = {
  entries: 200,
  entryMax: 254,
  prefixMax: 50,
  /** rspamd scores: the usual "add header" threshold is 6. */
  scoreMin: 1,
  scoreMax: 50,
} as const;

export const SPAM_ACTIONS = ['mark', 'delete', 'move'] as const;
export type SpamAction = (typeof SPAM_ACTIONS)[number];

/** The mailbox folder move-to-spam files into (created on first use). */
export const SPAM_FOLDER = 'Junk';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const autoresponder = z
  .object({
    enabled: z.boolean(),
    /** No newlines: the subject becomes a header of every answer. */
    subject: z
      .string()
      .trim()
      .max(AUTORESPONDER_LIMITS.subjectMax, VALIDATION.tooLong)
      .refine((v) => SINGLE_LINE.test(v), 'subject_invalid'),
    /** 'html' shows the HTML editor; the HTML is sanitised before it is sent (never trusted). */
    content_type: z.enum(['text', 'html']),
    text: z.string().max(AUTORESPONDER_LIMITS.bodyMax, VALIDATION.tooLong),
    /**
     * Memory of single addresses: an address that got an answer is remembered this many days and
     * gets no new answer meanwhile (the Sieve vacation `:days`).
     */
    days: z.number().int().min(AUTORESPONDER_LIMITS.daysMin).max(AUTORESPONDER_LIMITS.daysMax),
    /**
     * Answers per day per address: n > 1 answers an address at most once every 24/n hours, so it
     * needs a memory of one day (a longer memory would allow fewer than one a day).
     */
    answers_per_day: z
      .number()
      .int()
      .min(AUTORESPONDER_LIMITS.answersPerDayMin)
      .max(AUTORESPONDER_LIMITS.answersPerDayMax)
      .default(1),
    /** Forward to: incoming mail also goes to this address while the autoresponder answers. */
    forward_to: mailTarget.nullable().default(null),
    /** End date: the last day (inclusive, `YYYY-MM-DD`, server time) it answers; null: no end. */
    end_date: z.string().refine(isCalendarDate, 'end_date_invalid').nullable(),
  })
  .refine((v) => v.answers_per_day === 1 || v.days === 1, {
    path: ['answers_per_day'],
    message: 'answers_per_day_invalid',
  });
/** Fields added later have defaults, so rows saved before them and older clients still parse. */
export type Autoresponder = z.infer<typeof autoresponder>;

export const AUTORESPONDER_DEFAULTS: Autoresponder = {
  enabled: false,
  subject: '',
  content_type: 'text',
  text: '',
  days: 1,
  answers_per_day: 1,
  forward_to: null,
  end_date: null,
};

/**
 * A whitelist entry: an address where `*` may stand for any run of characters
 * (`*@example.nl`, `info@*`). Only characters an address may hold; no Sieve `?` wildcard.
 */
const WHITELIST_PATTERN = /^[a-z0-9.!#$%&'*+/=^_`{|}~-]+@[a-z0-9.*-]+$/;

export function isWhitelistEntry(value: string): boolean {
  return value.length <= SPAMFILTER_LIMITS.entryMax && WHITELIST_PATTERN.test(value);
}

/** Trims, lower-cases (whitelist) and drops empty and duplicate entries, in order. */
function entryList(lowerCase: boolean) {
  return z
    .array(z.string().max(SPAMFILTER_LIMITS.entryMax, VALIDATION.tooLong))
    .max(SPAMFILTER_LIMITS.entries, VALIDATION.tooLong)
    .transform((list) => [
      ...new Set(list.map((v) => (lowerCase ? v.trim().toLowerCase() : v.trim())).filter(Boolean)),
    ]);
}

export const spamfilter = z.object({
  /** Prefix the subject of spam (rspamd's "rewrite subject") instead of only adding a header. */
  modify_subject: z.boolean(),
  subject_prefix: z
    .string()
    .trim()
    .max(SPAMFILTER_LIMITS.prefixMax, VALIDATION.tooLong)
    .refine((v) => SINGLE_LINE.test(v), 'subject_invalid'),
  /** Score from which a message counts as spam for this mailbox. */
  hits: z.number().min(SPAMFILTER_LIMITS.scoreMin).max(SPAMFILTER_LIMITS.scoreMax),
  action: z.enum(SPAM_ACTIONS),
  whitelist: entryList(true).refine((l) => l.every(isWhitelistEntry), 'spamfilter_invalid'),
  /** Any text (one line): a sender address containing it counts as spam. */
  blacklist: entryList(false).refine((l) => l.every((v) => SINGLE_LINE.test(v)), VALIDATION.regex),
});
export type Spamfilter = z.infer<typeof spamfilter>;

export const SPAMFILTER_DEFAULTS: Spamfilter = {
  modify_subject: false,
  subject_prefix: '***SPAM***',
  hits: 6,
  action: 'mark',
  whitelist: [],
  blacklist: [],
};
