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

interface Props {
  general: Notification[];
  domain: Notification[];
}

/** General and per-domain notifications together, newest first. */
export function NotificationList({ general, domain }: Props) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const items = [
    ...general.map((notification) => ({ key: `general-${notification.id}`, notification })),
    ...domain.map((notification) => ({ key: `domain-${notification.id}`, notification })),
  ].sort((a, b) => b.notification.created_at.localeCompare(a.notification.created_at));
  if (items.length === 0) return null;

  return (
    <Stack gap="xs" component="section" aria-label={t('notifications')}>
      {items.map(({ key, notification }) => (
        <Alert
          key={key}
          color={COLORS[notification.type]}
          variant="light"
          icon={<NotificationIcon type={notification.type} />}
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
