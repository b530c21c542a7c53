import '@mantine/notifications/styles.css';
import type { ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { LIMITS } from '@haven/contract/shared';

/** Confirmation modals and toasts (3000 ms) for the logged-in screens. */
export function Overlays({ children }: { children: ReactNode }) {
  return (
    <ModalsProvider>
      <Notifications position="top-right" autoClose={LIMITS.toastMs} limit={4} />
      {children}
    </ModalsProvider>
  );
}
