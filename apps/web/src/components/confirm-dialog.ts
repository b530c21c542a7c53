import type { ReactNode } from 'react';
import { modals } from '@mantine/modals';
import { i18n } from '../lib/i18n.ts';

export interface ConfirmOptions {
  /** What is about to happen, e.g. "Subdomain blog.example.nl wordt verwijderd." */
  message: string;
  /** A delete names its item here: use `confirmDelete` (confirm-delete.tsx). */
  title?: ReactNode;
  /** The confirm button's text; 'delete' by default. */
  confirmLabel?: string;
  /** Red confirm button: the action destroys something. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
  /** After the dialog closed in any way (also Escape or a click outside). */
  onClose?: () => void;
}

/**
 * The specs' confirmation popup: a warning title, the action (delete) and cancel. Deleting a
 * subdomain, database, user or web app, and resetting DNS, all go through here.
 */
export function confirmDialog({
  message,
  title,
  confirmLabel,
  danger = true,
  onConfirm,
  onCancel,
  onClose,
}: ConfirmOptions): void {
  modals.openConfirmModal({
    title: title ?? i18n.t('common:confirm.warning'),
    children: message,
    labels: {
      confirm: confirmLabel ?? i18n.t('common:confirm.delete'),
      cancel: i18n.t('common:confirm.cancel'),
    },
    confirmProps: { color: danger ? 'red' : undefined },
    // Focus lands on cancel so a stray Enter does not destroy anything.
    cancelProps: { 'data-autofocus': true },
    onConfirm,
    onCancel,
    onClose,
  });
}
