import { Button } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../lib/paths.ts';

/** The way forward where only a person can help: a new ticket at the helpdesk. */
export function HelpdeskLink() {
  const { t } = useTranslation('shop');
  return (
    <Button
      size="xs"
      w="fit-content"
      component={Link}
      to={routePath('helpdeskticket')}
      leftSection={<IconHeadset size={16} aria-hidden />}
    >
      {t('unavailable.helpdesk')}
    </Button>
  );
}
