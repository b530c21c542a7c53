import { describe, expect, it } from 'vitest';
import { optBool, optInt, parseFlags, str, switches, UsageError, valued } from './args.ts';

const options = { ...valued('domain', 'premium', 'max-databases'), ...switches('primary') };

describe('CLI flags', () => {
  it('reads valued flags in both spellings and switches', () => {
    const flags = parseFlags(
      ['--domain', 'jansen.nl', '--premium=true', '--max-databases', '10', '--primary'],
      options,
    );
    expect(str(flags, 'domain')).toBe('jansen.nl');
    expect(optBool(flags, 'premium')).toBe(true);
    expect(optInt(flags, 'max-databases')).toBe(10);
    expect(flags.primary).toBe(true);
  });

  it('refuses unknown flags, stray words, missing values and bad numbers as usage errors', () => {
    expect(() => parseFlags(['--colour', 'red'], options)).toThrow(UsageError);
    expect(() => parseFlags(['jansen.nl'], options)).toThrow(UsageError);
    expect(() => parseFlags(['--domain'], options)).toThrow(UsageError);
    expect(() => str(parseFlags([], options), 'domain')).toThrow('--domain is required');
    expect(() => optInt(parseFlags(['--max-databases', 'ten'], options), 'max-databases')).toThrow(
      UsageError,
    );
    expect(() => optBool(parseFlags(['--premium', 'maybe'], options), 'premium')).toThrow(
      UsageError,
    );
  });
});
