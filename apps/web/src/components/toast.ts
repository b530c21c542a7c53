import { notifications } from '@mantine/notifications';
import { LIMITS } from '@haven/contract/shared';
import { i18n } from '../lib/i18n.ts';

function show(message: string, color: string): void {
  notifications.show({
    message,
    color,
    autoClose: LIMITS.toastMs,
    // Mantine's close button has no text of its own; screen readers need a name.
    closeButtonProps: { 'aria-label': i18n.t('common:close') },
  });
}

/** Short confirmations and failures (specs: 3000 ms). */
export const toast = {
  success(message: string): void {
    show(message, 'teal');
  },
  error(message: string): void {
    show(message, 'red');
  },
};
