import { z } from 'zod';
import { VALIDATION } from './messages.ts';

/** Printable ASCII only (space to tilde). */
export const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

export function isAscii(value: string): boolean {
  return ASCII_PRINTABLE.test(value);
}

/** A required, trimmed string of printable ASCII with a length bound. */
export function requiredText(max: number) {
  return z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(max, VALIDATION.tooLong)
    .refine(isAscii, VALIDATION.nonAscii);
}

/** Rejects control characters (newlines included) so a value cannot break a config line. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE = /^[^\x00-\x1f\x7f]*$/;
