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
  { key: 'memory_limit', kind: 'size', default: '128M', max: 2048 },
  { key: 'max_execution_time', kind: 'int', default: '30', min: 0, max: 3600 },
  { key: 'max_input_time', kind: 'int', default: '60', min: -1, max: 3600 },
  { key: 'max_input_vars', kind: 'int', default: '1000', min: 100, max: 100000 },
  { key: 'post_max_size', kind: 'size', default: '8M', max: 2048 },
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

const SIZE = /^([1-9][0-9]{0,6})([KMG]?)$/;
const INT = /^-?[0-9]{1,7}$/;
const FLAG = /^(On|Off)$/;
const TIMEZONE = /^(UTC|[A-Z][A-Za-z]+(?:\/[A-Z][A-Za-z0-9_+-]*){1,2})$/;
const ERROR_CONSTANT =
  /^~?E_(ALL|ERROR|WARNING|PARSE|NOTICE|CORE_ERROR|CORE_WARNING|COMPILE_ERROR|COMPILE_WARNING|USER_ERROR|USER_WARNING|USER_NOTICE|STRICT|RECOVERABLE_ERROR|DEPRECATED|USER_DEPRECATED)$/;

function sizeInMb(value: string): number | null {
  const m = SIZE.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2];
  return unit === 'G' ? n * 1024 : unit === 'M' ? n : unit === 'K' ? n / 1024 : n / 1048576;
}

/** Whether a value is acceptable for a key of the allowed list. */
export function isIniValueValid(key: string, value: string): boolean {
  const s = iniSetting(key);
  if (!s || value.length > 64) return false;
  switch (s.kind) {
    case 'size': {
      const mb = sizeInMb(value);
      return mb !== null && mb <= (s.max ?? 2048);
    }
    case 'int':
      return INT.test(value) && Number(value) >= (s.min ?? 0) && Number(value) <= (s.max ?? 0);
    case 'flag':
      return FLAG.test(value);
    case 'timezone':
      return TIMEZONE.test(value);
    case 'error_reporting':
      return (
        /^[0-9]{1,5}$/.test(value) ||
        value.split(/ [&|] /).every((part) => ERROR_CONSTANT.test(part))
      );
  }
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
