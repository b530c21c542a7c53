import { notifications } from '@mantine/notifications';
import { LIMITS } from '@haven/contract';

/** Short confirmations and failures (specs: 3000 ms). */
export const toast = {
  success(message: string): void {
    notifications.show({ message, color: 'teal', autoClose: LIMITS.toastMs });
  },
  error(message: string): void {
    notifications.show({ message, color: 'red', autoClose: LIMITS.toastMs });
  },
};
