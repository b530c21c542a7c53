import { describe, expect, it } from 'vitest';
import {
  AUTORESPONDER_DEFAULTS,
  SPAMFILTER_DEFAULTS,
  autoresponder,
  isCalendarDate,
  isWhitelistEntry,
  spamfilter,
} from './mail-rules.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('autoresponder', () => {
  it('accepts the defaults and a full answer', () => {
    expect(autoresponder.safeParse(AUTORESPONDER_DEFAULTS).success).toBe(true);
    const full = { ...AUTORESPONDER_DEFAULTS, enabled: true, subject: ' Away ', days: 7 };
    expect(autoresponder.parse({ ...full, end_date: '2027-02-28' }).subject).toBe('Away');
  });

  it.each(['Away\r\nBcc: victim@example.com', 'Away\nX', 'A\u0000b'])(
    'refuses a subject with control characters (header injection): %j',
    (subject) => {
      const r = autoresponder.safeParse({ ...AUTORESPONDER_DEFAULTS, subject });
      expect(firstMessage(r)).toBe('subject_invalid');
    },
  );

  it('refuses impossible end dates and intervals out of range', () => {
    for (const end_date of ['2027-02-30', '27-01-01', '2027-01-01T00:00', ''])
      expect(autoresponder.safeParse({ ...AUTORESPONDER_DEFAULTS, end_date }).success).toBe(false);
    for (const days of [0, 61, 1.5])
      expect(autoresponder.safeParse({ ...AUTORESPONDER_DEFAULTS, days }).success).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it('takes a forward-to address and up to 24 answers a day, more than one with a 1-day memory', () => {
    const full = {
      ...AUTORESPONDER_DEFAULTS,
      forward_to: ' Kopie@Example.NL ',
      answers_per_day: 24,
    };
    expect(autoresponder.parse(full).forward_to).toBe('kopie@example.nl');
    for (const answers_per_day of [0, 25, 1.5])
      expect(autoresponder.safeParse({ ...full, answers_per_day }).success).toBe(false);
    const longMemory = autoresponder.safeParse({ ...full, days: 2 });
    expect(longMemory.error?.issues[0]).toMatchObject({
      path: ['answers_per_day'],
      message: 'answers_per_day_invalid',
    });
    expect(autoresponder.safeParse({ ...full, answers_per_day: 1, days: 60 }).success).toBe(true);
    const notAnAddress = autoresponder.safeParse({ ...full, forward_to: 'kopie' });
    expect(firstMessage(notAnAddress)).toBe('email');
  });
});

describe('spamfilter', () => {
  it('lower-cases, trims and drops duplicate whitelist entries', () => {
    const r = spamfilter.parse({
      ...SPAMFILTER_DEFAULTS,
      whitelist: ['*@Example.nl', ' *@example.nl ', 'info@*', ''],
      blacklist: ['viagra', 'viagra', 'Casino "x"'],
    });
    expect(r.whitelist).toEqual(['*@example.nl', 'info@*']);
    expect(r.blacklist).toEqual(['viagra', 'Casino "x"']);
  });

  it.each([
    'no-at-sign',
    'a b@example.nl',
    'a@"x"',
    'a@ex\\ample',
    'a?@example.nl',
    'ü@example.nl',
  ])('refuses whitelist entry %j', (entry) => {
    expect(isWhitelistEntry(entry)).toBe(false);
    const r = spamfilter.safeParse({ ...SPAMFILTER_DEFAULTS, whitelist: [entry] });
    expect(firstMessage(r)).toBe('spamfilter_invalid');
  });

  it('refuses a blacklist entry or prefix that spans lines, and scores out of range', () => {
    expect(spamfilter.safeParse({ ...SPAMFILTER_DEFAULTS, blacklist: ['a\nb'] }).success).toBe(
      false,
    );
    const prefix = spamfilter.safeParse({ ...SPAMFILTER_DEFAULTS, subject_prefix: 'x\r\ny' });
    expect(firstMessage(prefix)).toBe('subject_invalid');
    expect(spamfilter.safeParse({ ...SPAMFILTER_DEFAULTS, hits: 0 }).success).toBe(false);
    expect(spamfilter.safeParse({ ...SPAMFILTER_DEFAULTS, action: 'bounce' }).success).toBe(false);
  });
});
