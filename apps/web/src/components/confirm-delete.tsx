import { i18n } from '../lib/i18n.ts';
import { confirmDialog } from './confirm-dialog.ts';

export interface ConfirmDeleteOptions {
  /** What is deleted, as the user knows it: `blog.example.nl`, `a_shop`, `A www 192.0.2.1`. */
  name: string;
  /** What else happens (files kept, users removed, FTP stops…). */
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
}

/**
 * Every delete confirmation: the title names the item, so no one confirms a delete without
 * seeing what goes. Long names break anywhere rather than widen the dialog at 360 px.
 */
export function confirmDelete({ name, message, confirmLabel, onConfirm }: ConfirmDeleteOptions) {
  confirmDialog({
    title: (
      <span style={{ overflowWrap: 'anywhere' }}>
        {i18n.t('common:confirm.delete_title', { name })}
      </span>
    ),
    message,
    ...(confirmLabel ? { confirmLabel } : {}),
    onConfirm,
  });
}
