import { z } from 'zod';

/**
 * The PHP settings a customer may change per subdomain, with the value each has when not
 * changed. Only these keys ever reach a generated config, and each value must match its kind's
 * pattern: none of them can hold a newline, a quote, a `$` (an nginx variable) or a `;` (an ini
 * comment), so no value can add a setting or a directive.
 */
export type IniKind = 'size' | 'int' | 'flag' | 'timezone' | 'error_reporting';

export interface IniSetting {
  key: string;
  kind: IniKind;
  default: string;
  /** Inclusive bounds for `int`; a size is bounded in megabytes. */
  min?: number;
  max?: number;
}

export const PHP_INI_SETTINGS: readonly IniSetting[] = [
  { key: 'memory_limit', kind: 'size', default: '128M', min: 16, max: 2048 },
  { key: 'max_execution_time', kind: 'int', default: '30', min: 0, max: 3600 },
  { key: 'max_input_time', kind: 'int', default: '60', min: -1, max: 3600 },
  { key: 'max_input_vars', kind: 'int', default: '1000', min: 100, max: 100000 },
  // Room for the largest upload and the form around it (see `withRoomForUploads`).
  { key: 'post_max_size', kind: 'size', default: '8M', max: 2048 + 1 },
  { key: 'upload_max_filesize', kind: 'size', default: '2M', max: 2048 },
  { key: 'output_buffering', kind: 'int', default: '4096', min: 0, max: 1048576 },
  { key: 'display_errors', kind: 'flag', default: 'Off' },
  { key: 'log_errors', kind: 'flag', default: 'On' },
  { key: 'short_open_tag', kind: 'flag', default: 'Off' },
  { key: 'zlib.output_compression', kind: 'flag', default: 'Off' },
  { key: 'error_reporting', kind: 'error_reporting', default: 'E_ALL & ~E_DEPRECATED & ~E_STRICT' },
  { key: 'date.timezone', kind: 'timezone', default: 'Europe/Amsterdam' },
  { key: 'session.gc_maxlifetime', kind: 'int', default: '1440', min: 60, max: 604800 },
] as const;

export const PHP_INI_KEYS = PHP_INI_SETTINGS.map((s) => s.key);

export function iniSetting(key: string): IniSetting | undefined {
  return PHP_INI_SETTINGS.find((s) => s.key === key);
}

// PHP's own formats (php.ini "quantity", integer, boolean). No leading zero: PHP 8.2 reads `0…`
// as octal; no 0 size: for post_max_size that means "no limit".
const SIZE = /^([1-9][0-9]{0,9})([kKmMgG]?)$/;
const INT = /^(0|-?[1-9][0-9]{0,6})$/;
const FLAG_ON = /^(on|yes|true|1)$/i;
const FLAG_OFF = /^(off|no|false|none|0)$/i;
const TIMEZONE_SHAPE = /^[A-Z][A-Za-z]+(?:\/[A-Z][A-Za-z0-9_+-]*){1,2}$/;
const ERROR_CONSTANT =
  /^~?E_(ALL|ERROR|WARNING|PARSE|NOTICE|CORE_ERROR|CORE_WARNING|COMPILE_ERROR|COMPILE_WARNING|USER_ERROR|USER_WARNING|USER_NOTICE|STRICT|RECOVERABLE_ERROR|DEPRECATED|USER_DEPRECATED)$/;

let zones: readonly string[] | undefined;
/**
 * The time zones `date.timezone` may name: the runtime's IANA list plus `UTC`, sorted. Web and
 * server share it, so the select offers exactly what the server accepts.
 */
export function timeZones(): readonly string[] {
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return zones;
}

/**
 * A zone of the list, or an IANA link to one (browsers and Node ship different ICU versions:
 * `Europe/Kyiv` in one is `Europe/Kiev` in the other). `Mars/Olympus` is neither.
 */
export function isTimeZone(value: string): boolean {
  if (timeZones().includes(value)) return true;
  if (!TIMEZONE_SHAPE.test(value)) return false;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    return timeZones().includes(resolved);
  } catch {
    return false;
  }
}

const UNIT = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 } as const;

function sizeInBytes(value: string): number | null {
  const m = SIZE.exec(value);
  if (!m) return null;
  const unit = (m[2] ?? '').toUpperCase() as keyof typeof UNIT;
  return Number(m[1]) * UNIT[unit];
}

/**
 * The value as it is stored and written, or null when PHP would not take it for this key (or it
 * is out of bounds). Booleans are written as On/Off whichever way PHP's spelling was typed.
 */
export function normalizeIniValue(key: string, value: string): string | null {
  const s = iniSetting(key);
  if (!s || value.length > 64) return null;
  switch (s.kind) {
    case 'size': {
      const bytes = sizeInBytes(value);
      const fits =
        bytes !== null && bytes >= (s.min ?? 0) * UNIT.M && bytes <= (s.max ?? 2048) * UNIT.M;
      return fits ? value : null;
    }
    case 'int':
      return INT.test(value) && Number(value) >= (s.min ?? 0) && Number(value) <= (s.max ?? 0)
        ? value
        : null;
    case 'flag':
      return FLAG_ON.test(value) ? 'On' : FLAG_OFF.test(value) ? 'Off' : null;
    case 'timezone':
      return isTimeZone(value) ? value : null;
    case 'error_reporting':
      return /^[0-9]{1,5}$/.test(value) ||
        value.split(/ [&|] /).every((part) => ERROR_CONSTANT.test(part))
        ? value
        : null;
  }
}

/** Whether a value is acceptable for a key of the allowed list. */
export function isIniValueValid(key: string, value: string): boolean {
  return normalizeIniValue(key, value) !== null;
}

/** A size setting's bytes as PHP runs it: its override, else its default (null: not valid). */
export function iniSizeBytes(key: string, ini: Record<string, string>): number | null {
  const s = iniSetting(key);
  if (s?.kind !== 'size') return null;
  const value = ini[key] ?? s.default;
  return normalizeIniValue(key, value) === null ? null : sizeInBytes(value);
}

/** What a POST body may carry beyond the largest upload: the form's other fields. */
export const POST_ROOM_MB = 1;

/**
 * PHP drops a whole request larger than `post_max_size` without a word (`$_FILES` and `$_POST`
 * empty), so an `upload_max_filesize` above it would promise uploads that fail. A customer who
 * raises the upload size means uploads of that size: `post_max_size` is raised with it, to the
 * upload size plus `POST_ROOM_MB`, whenever it (or its default) is lower. The web form says so.
 */
export function withRoomForUploads(ini: Record<string, string>): Record<string, string> {
  const upload = iniSizeBytes('upload_max_filesize', ini);
  const post = iniSizeBytes('post_max_size', ini);
  const needed = upload === null ? null : upload + POST_ROOM_MB * UNIT.M;
  if (needed === null || post === null || post >= needed) return ini;
  return { ...ini, post_max_size: `${Math.ceil(needed / UNIT.M)}M` };
}

/**
 * Overrides as they are stored: trimmed, empty ones dropped (the default applies), normalized,
 * and `post_max_size` raised to fit `upload_max_filesize` (`withRoomForUploads`).
 */
export function normalizeIni(ini: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(ini)) {
    const value = raw.trim();
    if (value !== '') out[key] = normalizeIniValue(key, value) ?? value;
  }
  return withRoomForUploads(out);
}

/** What is wrong with a set of overrides: key -> `invalid_ini_key` | `invalid_ini_value`. */
export function iniProblems(
  ini: Record<string, string>,
): Record<string, 'invalid_ini_key' | 'invalid_ini_value'> {
  const problems: Record<string, 'invalid_ini_key' | 'invalid_ini_value'> = {};
  for (const [key, value] of Object.entries(ini)) {
    if (!iniSetting(key)) problems[key] = 'invalid_ini_key';
    else if (!isIniValueValid(key, value)) problems[key] = 'invalid_ini_value';
  }
  return problems;
}

export const iniAvailableEntry = z.object({
  key: z.string(),
  kind: z.enum(['size', 'int', 'flag', 'timezone', 'error_reporting']),
  default: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type IniAvailableEntry = z.infer<typeof iniAvailableEntry>;

/** Key -> value overrides as sent: bounded in count and size; keys and values judged by the service. */
export const iniOverrides = z
  .record(z.string().max(64), z.string().trim().max(64))
  .refine((r) => Object.keys(r).length <= 50, 'too_long');
