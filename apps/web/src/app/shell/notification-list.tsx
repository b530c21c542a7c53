import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@haven/contract/account';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';

const COLORS: Record<Notification['type'], string> = {
  info: 'blue',
  success: 'teal',
  warning: 'yellow',
  danger: 'red',
};

function NotificationIcon({ type }: { type: Notification['type'] }) {
  if (type === 'success') return <IconCircleCheck aria-hidden />;
  if (type === 'info') return <IconInfoCircle aria-hidden />;
  return <IconAlertTriangle aria-hidden />;
}

/** A notification's key among both lists: general and per-domain ids are counted apart. */
export const notificationKey = (scope: 'general' | 'domain', id: number) => `${scope}-${id}`;

interface Props {
  general: Notification[];
  domain: Notification[];
  /** Keys (`notificationKey`) not to show. */
  hidden?: ReadonlySet<string>;
  onDismiss?: (key: string) => void;
}

/** General and per-domain notifications together, newest first; each can be closed. */
export function NotificationList({ general, domain, hidden, onDismiss }: Props) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const items = [
    ...general.map((n) => ({ key: notificationKey('general', n.id), notification: n })),
    ...domain.map((n) => ({ key: notificationKey('domain', n.id), notification: n })),
  ]
    .filter(({ key }) => !hidden?.has(key))
    .sort((a, b) => b.notification.created_at.localeCompare(a.notification.created_at));
  if (items.length === 0) return null;

  return (
    <Stack gap="xs" component="section" aria-label={t('shell.notifications')} mb="md">
      {items.map(({ key, notification }) => (
        <Alert
          key={key}
          color={COLORS[notification.type]}
          variant="light"
          icon={<NotificationIcon type={notification.type} />}
          withCloseButton={Boolean(onDismiss)}
          closeButtonLabel={t('shell.dismiss_notification')}
          onClose={() => onDismiss?.(key)}
        >
          <Text size="sm">{notification.message[language]}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            {formatDate(notification.created_at, language)}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
