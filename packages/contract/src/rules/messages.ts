/**
 * Validation message codes. Schemas use these as their messages; the web translates them as
 * `validations.<code>` with the field's label, and the server returns them in `fields`.
 */
export const VALIDATION = {
  required: 'required',
  confirmed: 'confirmed',
  regex: 'regex',
  email: 'email',
  nonAscii: 'non_ascii',
  tooLong: 'too_long',
  tooShort: 'too_short',
  invalidPassword: 'invalid_password',
} as const;
export type ValidationCode = (typeof VALIDATION)[keyof typeof VALIDATION];
