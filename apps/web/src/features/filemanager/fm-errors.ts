import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatSize } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** Specs: server codes show as `webhosting.filemanager.error.<code>` (here filemanager:error.<code>). */
export function fmErrorText(t: TFunction, error: unknown): string {
  // Over the plan's disk space: say how much is used of how much (bytes in the answer's fields).
  if (isApiError(error) && error.code === 'quota_exceeded') {
    const used = Number(error.fields.used);
    const limit = Number(error.fields.limit);
    if (Number.isFinite(used) && Number.isFinite(limit) && error.fields.limit) {
      const language = currentLanguage();
      return t('filemanager:quota.exceeded', {
        used: formatSize(used, language),
        limit: formatSize(limit, language),
      });
    }
  }
  return errorText(t, error, ['filemanager:error.']);
}
