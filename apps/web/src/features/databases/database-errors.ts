import type { TFunction } from 'i18next';
import * as databases from '@haven/contract/databases';
import { errorCode, errorText } from '../../lib/error-text.ts';

/** Which form field a server code belongs to; the rest show above the form. */
const FIELD_OF: Partial<Record<string, 'name' | 'username' | 'password'>> = {
  invalid_name: 'name',
  database_exists: 'name',
  invalid_username: 'username',
  user_exists: 'username',
  invalid_password: 'password',
};

export function fieldOfError(error: unknown): 'name' | 'username' | 'password' | undefined {
  return FIELD_OF[errorCode(error)];
}

/** A field's message: a server code from the catalogue, else a validation rule with the label. */
export function fieldText(
  t: TFunction,
  code: string | undefined,
  label: string,
): string | undefined {
  if (!code) return undefined;
  return t([`databases:error.${code}`, `validations:${code}`], {
    field: label,
    defaultValue: code,
  });
}

/** A failed call's text: the area's catalogue (specs: webhosting.database.error.*) first. */
export function databaseErrorText(t: TFunction, error: unknown): string {
  return errorText(t, error, ['databases:error.']);
}

/** The `passed_` code a detail screen got in its path, if it is one the catalogue knows. */
export function passedCode(value: string | undefined): databases.DatabaseError | undefined {
  return value?.startsWith('passed_') &&
    (databases.DATABASE_ERRORS as readonly string[]).includes(value)
    ? (value as databases.DatabaseError)
    : undefined;
}
