import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { measuredAtText } from './measured-at.ts';

describe('measuredAtText', () => {
  const t = i18n.t.bind(i18n);
  const at = new Date(2026, 10, 29, 10, 42).getTime();
  afterEach(() => i18n.changeLanguage('nl'));

  it('says the time alone when it was measured today', async () => {
    const later = new Date(2026, 10, 29, 18, 5).getTime();
    expect(measuredAtText(t, at, 'nl', later)).toBe('Gemeten om 10:42');
    await i18n.changeLanguage('en');
    expect(measuredAtText(t, at, 'en', later)).toBe('Measured at 10:42');
  });

  it('names the day too when it was measured on another day', async () => {
    const nextDay = new Date(2026, 10, 30, 9, 0).getTime();
    expect(measuredAtText(t, at, 'nl', nextDay)).toBe('Gemeten op 29 november 2026 om 10:42');
    await i18n.changeLanguage('en');
    expect(measuredAtText(t, at, 'en', nextDay)).toBe('Measured on 29 November 2026 at 10:42');
  });
});
