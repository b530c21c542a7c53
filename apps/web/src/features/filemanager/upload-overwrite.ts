import { confirmDialog } from '../../components/confirm-dialog.ts';
import { ApiError } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';

/** The customer declined to replace a file of the same name: the upload is skipped, not failed. */
export class UploadSkipped extends Error {
  constructor() {
    super('skipped');
    this.name = 'UploadSkipped';
  }
}

/**
 * Uploads without overwriting; when the name is taken (409 `exists`) asks the customer and,
 * only if they agree, sends the file again with `overwrite`.
 */
export async function uploadAsking(
  upload: (overwrite: boolean) => Promise<void>,
  ask: () => Promise<boolean>,
): Promise<void> {
  try {
    await upload(false);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'exists')
      throw error;
    if (!(await ask())) throw new UploadSkipped();
    await upload(true);
  }
}

/** The shared confirm dialog as a promise: true when the customer chose to replace `name`. */
export function askOverwrite(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    confirmDialog({
      title: i18n.t('filemanager:upload.overwrite.title'),
      message: i18n.t('filemanager:upload.overwrite.message', { name }),
      confirmLabel: i18n.t('filemanager:upload.overwrite.confirm'),
      danger: true,
      onConfirm: () => resolve(true),
      // Closing it any other way is a no (a settled promise ignores the later call).
      onClose: () => resolve(false),
    });
  });
}
