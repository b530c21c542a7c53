import { notifications } from '@mantine/notifications';
import { LIMITS } from '@haven/contract/shared';

function show(message: string, color: string): void {
  notifications.show({
    message,
    color,
    autoClose: LIMITS.toastMs,
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
