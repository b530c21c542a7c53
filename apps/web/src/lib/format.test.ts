import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatEuro,
  formatNumber,
  formatShortDate,
  formatSize,
  prepareFormats,
} from './format.ts';

const NBSP = '\u00a0';

describe('formatEuro', () => {
  it('shows two decimals with a comma in Dutch', () => {
    expect(formatEuro(12.5, 'nl')).toBe(`€${NBSP}12,50`);
    expect(formatEuro(0, 'nl')).toBe(`€${NBSP}0,00`);
    expect(formatEuro(1234.567, 'nl')).toBe(`€${NBSP}1.234,57`);
  });

  it('writes amounts the English way in English', () => {
    expect(formatEuro(12.5, 'en')).toBe('€12.50');
    expect(formatEuro(0, 'en')).toBe('€0.00');
    expect(formatEuro(1234.567, 'en')).toBe('€1,234.57');
  });
});

describe('formatNumber', () => {
  it('groups and marks decimals per language', () => {
    expect(formatNumber(1234, 'nl')).toBe('1.234');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(33.25, 'nl', 1)).toBe('33,3');
    expect(formatNumber(33.25, 'en', 1)).toBe('33.3');
  });
});

describe('formatShortDate', () => {
  it('names the weekday and month in the language', () => {
    expect(formatShortDate('2026-11-01', 'nl')).toBe('zo 1 nov');
    expect(formatShortDate('2026-11-01', 'en')).toBe('Sun 1 Nov');
  });
});

describe('formatSize', () => {
  it('uses 1000-based SI units with one decimal', () => {
    expect(formatSize(999)).toBe('999 B');
    expect(formatSize(1000)).toBe('1,0 kB');
    expect(formatSize(1500)).toBe('1,5 kB');
    expect(formatSize(20_000_000_000)).toBe('20,0 GB');
    expect(formatSize(1e24)).toBe('1,0 YB');
    expect(formatSize(1e27)).toBe('1000,0 YB');
  });

  it('follows the language for the decimal mark', () => {
    expect(formatSize(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatSize(1_234_567, 'nl')).toBe('1,2 MB');
  });

  it('keeps the sign of negative sizes', () => {
    expect(formatSize(-2500)).toBe('-2,5 kB');
  });
});

describe('formatDate', () => {
  it('writes the month in the chosen language', () => {
    expect(formatDate('2025-03-05T10:00:00', 'nl')).toBe('5 maart 2025');
    expect(formatDate('2025-03-05T10:00:00', 'en')).toBe('5 March 2025');
    expect(formatDate('2025-03-05T10:07:00', 'nl', true)).toBe('5 maart 2025 10:07');
    expect(formatDate('2025-03-05T00:07:00', 'en', true)).toBe('5 March 2025 00:07');
  });

  it('reads a calendar date as that day, in any time zone', () => {
    expect(formatDate('2026-03-01', 'en')).toBe('1 March 2026');
  });
});

describe('formatDateRange', () => {
  it('says what the two dates share once', () => {
    expect(formatDateRange('2026-11-01', '2026-11-26', 'nl')).toBe('1–26 november 2026');
    expect(formatDateRange('2026-11-01', '2026-11-26', 'en')).toMatch(/^1\s?–\s?26 November 2026$/);
    expect(formatDateRange('2026-02-28', '2026-03-03', 'en')).toMatch(
      /^28 February\s–\s3 March 2026$/,
    );
    expect(formatDateRange('2026-11-01', '2026-11-01', 'nl')).toBe('1 november 2026');
  });
});

describe('prepareFormats', () => {
  it('builds ahead what the formatters then use, with the same results', () => {
    prepareFormats('en');
    expect(formatSize(1234, 'en')).toBe('1.2 kB');
    expect(formatSize(12, 'en')).toBe('12 B');
    expect(formatDate('2025-03-05', 'en')).toBe('5 March 2025');
  });
});
