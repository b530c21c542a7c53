import type { TFunction } from 'i18next';
import { errorText } from '../../lib/error-text.ts';

/** Specs: server codes show as `webhosting.filemanager.error.<code>` (here filemanager:error.<code>). */
export function fmErrorText(t: TFunction, error: unknown): string {
  return errorText(t, error, ['filemanager:error.']);
}
