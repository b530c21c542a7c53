import { useCallback, useState } from 'react';
import { useSelectedDomain } from '../../lib/selected-domain.ts';
import { useUser } from '../../lib/user.ts';
import { NotificationList } from './notification-list.tsx';
import { useDomainNotifications, useGeneralNotifications } from './notifications-api.ts';

const DISMISSED_KEY = 'haven.dismissedNotifications';
/** The newest closed notices kept; older keys fall out (ids only grow). */
const KEEP = 200;

function readDismissed(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Notices this browser closed: they stay closed on every screen and after a reload. */
function useDismissed() {
  const [keys, setKeys] = useState(readDismissed);
  const dismiss = useCallback((key: string) => {
    const next = [...readDismissed().filter((k) => k !== key), key].slice(-KEEP);
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setKeys(next);
  }, []);
  return { hidden: new Set(keys), dismiss };
}

/**
 * The shell's notifications (specs part 1, "Dashboard shell": general and per domain) above
 * every logged-in screen, not only the overview: an operator's maintenance notice is seen on
 * the screen the customer works in.
 */
export function ShellNotifications() {
  const user = useUser();
  const { domain } = useSelectedDomain();
  const general = useGeneralNotifications(domain);
  const perDomain = useDomainNotifications(
    domain,
    user.data !== undefined && user.data.type !== 'DOMAIN',
  );
  const { hidden, dismiss } = useDismissed();
  return (
    <NotificationList
      general={general.data?.notifications ?? []}
      domain={perDomain.data?.notifications ?? []}
      hidden={hidden}
      onDismiss={dismiss}
    />
  );
}
