import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Schema messages are validation codes (`required`, `regex`...); the screen shows them as
 * `validations:<code>` with the field's label. Unknown messages are shown as they are.
 */
export function validationMessage(
  t: TFunction,
  code: string | undefined,
  field: string,
): string | undefined {
  if (!code) return undefined;
  const key = `validations:${code}`;
  return t(key, { field, defaultValue: code });
}

/** Puts the server's field codes (`fields` of the error envelope) on the form. */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string>,
  known: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const name of known) {
    const code = fields[name];
    if (code) {
      setError(name, { type: 'server', message: code });
      applied = true;
    }
  }
  return applied;
}
