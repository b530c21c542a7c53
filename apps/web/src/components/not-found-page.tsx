import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';

interface Props {
  /** Screens of the route table that later issues build show their own text. */
  variant?: 'not-found' | 'not-available';
}

export function NotFoundPage({ variant = 'not-found' }: Props) {
  const { t } = useTranslation('common');
  const prefix = variant === 'not-found' ? 'not_found' : 'not_available';
  usePageTitle(t(`${prefix}.title`));
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>{t(`${prefix}.title`)}</Title>
      <Text c="dimmed" maw={480}>
        {t(`${prefix}.text`)}
      </Text>
      <Button component={Link} to="/dashboard" variant="light">
        {t('not_found.back')}
      </Button>
    </Stack>
  );
}

/** Lazy route module for screens of the route table that are not built yet. */
export function NotAvailablePage() {
  return <NotFoundPage variant="not-available" />;
}
