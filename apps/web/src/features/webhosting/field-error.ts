import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { validationMessage } from '../../lib/validation.ts';

/**
 * A field's text: errors set from a server answer carry their translated text already (type
 * `server`); schema errors are validation codes shown with the field's label.
 */
export function fieldError(
  t: TFunction,
  error: FieldError | undefined,
  label: string,
): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : validationMessage(t, error.message, label);
}
