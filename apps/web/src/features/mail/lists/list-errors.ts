import type { TFunction } from 'i18next';
import { errorText } from '../../../lib/error-text.ts';

/** A failed call's text from the lists' catalogue (specs: mail.list.error.*). */
export function listErrorText(t: TFunction, error: unknown): string {
  return errorText(t, error, ['mail-lists:error.']);
}

/** A field's message: a rule code of the contract (`regex`, `email`...) as a validation text. */
export function listFieldText(
  t: TFunction,
  code: string | undefined,
  label: string,
): string | undefined {
  if (!code) return undefined;
  return t([`mail-lists:rules.${code}`, `validations:${code}`], {
    field: label,
    defaultValue: code,
  });
}
