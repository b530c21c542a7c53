import { describe, expect, it } from 'vitest';
import { iniProblems, isTimeZone, normalizeIni, timeZones } from './php-ini.ts';

describe('PHP settings as PHP takes them', () => {
  it('takes date.timezone only from the real time-zone list (and its links)', () => {
    expect(timeZones()).toContain('Europe/Amsterdam');
    expect(timeZones()).toContain('UTC');
    for (const ok of ['Europe/Amsterdam', 'UTC', 'America/Argentina/Buenos_Aires', 'US/Eastern'])
      expect(isTimeZone(ok), ok).toBe(true);
    for (const bad of ['Mars/Olympus', 'Europe/Atlantis', '+01:00', 'utc', '$document_root', ''])
      expect(isTimeZone(bad), bad).toBe(false);
  });

  it('takes sizes in PHP shorthand or bytes, within bounds', () => {
    for (const ok of ['128M', '1G', '512m', '2048M', '65536K', '134217728'])
      expect(iniProblems({ memory_limit: ok }), ok).toEqual({});
    for (const bad of ['0', '-1', '1.5G', '3G', '128MB', '0128M', '8M ;', '1T', '1M'])
      expect(iniProblems({ memory_limit: bad }), bad).toEqual({
        memory_limit: 'invalid_ini_value',
      });
  });

  it('takes booleans as PHP spells them and stores On or Off', () => {
    expect(
      normalizeIni({
        display_errors: 'on',
        log_errors: '0',
        short_open_tag: 'Yes ',
        'zlib.output_compression': '',
      }),
    ).toEqual({ display_errors: 'On', log_errors: 'Off', short_open_tag: 'On' });
    for (const bad of ['maybe', 'On;', '2', 'Onn'])
      expect(iniProblems({ display_errors: bad }), bad).toEqual({
        display_errors: 'invalid_ini_value',
      });
  });

  it('takes whole numbers within bounds, no leading zero or decimals', () => {
    expect(iniProblems({ max_execution_time: '0', max_input_time: '-1' })).toEqual({});
    for (const bad of ['030', '1.5', '1e3', '3601', '-1', '+5'])
      expect(iniProblems({ max_execution_time: bad }), bad).toEqual({
        max_execution_time: 'invalid_ini_value',
      });
  });

  it('raises post_max_size with upload_max_filesize, so an upload of that size fits the POST', () => {
    // PHP drops a whole POST over post_max_size: 64M uploads need it above 64M (default 8M).
    expect(normalizeIni({ upload_max_filesize: '64M' })).toEqual({
      upload_max_filesize: '64M',
      post_max_size: '65M',
    });
    expect(normalizeIni({ upload_max_filesize: '64M', post_max_size: '8M' })).toEqual({
      upload_max_filesize: '64M',
      post_max_size: '65M',
    });
    expect(normalizeIni({ upload_max_filesize: '1G' }).post_max_size).toBe('1025M');
    expect(normalizeIni({ upload_max_filesize: '2048M' }).post_max_size).toBe('2049M');
    expect(iniProblems(normalizeIni({ upload_max_filesize: '2048M' }))).toEqual({});
    // Already room enough, or within the default: nothing added.
    expect(normalizeIni({ upload_max_filesize: '64M', post_max_size: '128M' })).toEqual({
      upload_max_filesize: '64M',
      post_max_size: '128M',
    });
    expect(normalizeIni({ upload_max_filesize: '4M' })).toEqual({ upload_max_filesize: '4M' });
    // A value PHP would not take is left for iniProblems to name.
    expect(normalizeIni({ upload_max_filesize: '64MB' })).toEqual({ upload_max_filesize: '64MB' });
  });
});
