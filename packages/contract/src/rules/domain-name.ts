import { z } from 'zod';
import { isDomainName } from './is-domain-name.ts';
import { VALIDATION } from './messages.ts';

/** A domain as typed by a person: trimmed and lower-cased, then checked. */
export const domainName = z
  .string({ error: VALIDATION.required })
  .trim()
  .toLowerCase()
  .min(1, VALIDATION.required)
  .refine(isDomainName, VALIDATION.regex);
