import { describe, expect, it } from 'vitest';
import { MAIL_RULES_ERRORS } from '@haven/contract/mail-rules';
import en from './en/mail-rules.json';
import nl from './nl/mail-rules.json';

describe('mail-rules texts', () => {
  it('every mail-rules error code has an nl and an en text', () => {
    for (const texts of [en, nl]) {
      const errors: Record<string, string> = texts.error;
      expect(MAIL_RULES_ERRORS.filter((code) => !errors[code])).toEqual([]);
    }
  });
});
