import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';
import { PackageRefusal } from './package-refusal.tsx';

interface Props {
  /** Screens of the route table that later issues build show their own text. */
  variant?: 'not-found' | 'not-available';
}

const PREFIX = {
  'not-found': 'not_found',
  'not-available': 'not_available',
} as const;

export function NotFoundPage({ variant = 'not-found' }: Props) {
  const { t } = useTranslation('common');
  const prefix = PREFIX[variant];
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

/** A typed address the login type or the domain's package does not include (one page for all). */
export function NotForPackagePage() {
  return <PackageRefusal />;
}

/** Lazy route module for screens of the route table that are not built yet. */
export function NotAvailablePage() {
  return <NotFoundPage variant="not-available" />;
}
