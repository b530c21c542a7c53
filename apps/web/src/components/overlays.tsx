import '@mantine/notifications/styles.css';
import type { ReactNode } from 'react';
import { useMatches } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { LIMITS } from '@haven/contract/shared';

/**
 * Confirmation modals and toasts (3000 ms) for the logged-in screens. Toasts sit at the bottom,
 * where nothing stays fixed: at the top they covered the header (domain, cart, logout) and the
 * screen's title. On phones they take the width; from 768 px they sit bottom-left, over the
 * navigation's empty foot: bottom-right they appeared under the pointer that had just pressed a
 * form's save button, and a hovered toast does not close.
 */
export function Overlays({ children }: { children: ReactNode }) {
  const position = useMatches({ base: 'bottom-center', sm: 'bottom-left' } as const);
  return (
    <ModalsProvider>
      <Notifications position={position} autoClose={LIMITS.toastMs} limit={4} />
      {children}
    </ModalsProvider>
  );
}
