import type { TFunction } from 'i18next';
import { errorCode } from '../../lib/error-text.ts';

/**
 * The specs show DNS errors raw: the server's code is part of the text, after the catalogue's
 * sentence for it (`dns:error.<code>`, else the generic one), so support can match it exactly.
 */
export function dnsErrorText(t: TFunction, error: unknown): string {
  const code = errorCode(error);
  const text = t([`dns:error.${code}`, `errors:${code}`, 'errors:unknown']);
  return `${text} (${code})`;
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
