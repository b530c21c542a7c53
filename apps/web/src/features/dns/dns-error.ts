import type { TFunction } from 'i18next';
import { errorText } from '../../lib/error-text.ts';

/** A failed DNS call's text: the area's catalogue sentence, never the bare code. */
export function dnsErrorText(t: TFunction, error: unknown): string {
  return errorText(t, error, ['dns:error.']);
}

/** A field's message: the DNS area's text for its code, else the generic validation text. */
export function dnsFieldText(
  t: TFunction,
  code: string | undefined,
  label: string,
): string | undefined {
  if (!code) return undefined;
  return t([`dns:field.${code}`, `validations:${code}`], { field: label, defaultValue: code });
}
