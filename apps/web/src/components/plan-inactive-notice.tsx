import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Specs §4: an inactive hosting plan shows that its services are unavailable (on every screen). */
export function PlanInactiveNotice() {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('plan_inactive.title')}
      icon={<IconAlertTriangle aria-hidden />}
      // A lasting state, not news: a note, and the title in text colour (orange is 3.6:1).
      role="note"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      mb="md"
    >
      {t('plan_inactive.text')}
    </Alert>
  );
}
