import { Alert } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The MariaDB server cannot be reached: what the panel knows is shown, changes wait. */
export function UnavailableNotice() {
  const { t } = useTranslation('databases');
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('unavailable.title')}
      icon={<IconPlugConnectedX aria-hidden />}
    >
      {t('unavailable.text')}
    </Alert>
  );
}
