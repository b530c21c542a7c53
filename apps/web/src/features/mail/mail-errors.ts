import type { TFunction } from 'i18next';
import { errorText } from '../../lib/error-text.ts';

/** A failed call's text: the mail catalogue (specs: mail.account.error.*, mail.forward.error.*). */
export function mailErrorText(t: TFunction, error: unknown): string {
  return errorText(t, error, ['mail:account.error.', 'mail:forward.error.']);
}

/** A field's message: a mail key (`mail.account.alias.invalid`), a rule code, or a generic rule. */
export function mailFieldText(
  t: TFunction,
  code: string | undefined,
  label: string,
): string | undefined {
  if (!code) return undefined;
  const key = code.startsWith('mail.') ? `mail:${code.slice('mail.'.length)}` : undefined;
  return t([...(key ? [key] : []), `mail:rules.${code}`, `validations:${code}`], {
    field: label,
    defaultValue: code,
  });
}
