import { Alert, Badge, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@haven/contract/shared';
import type { UserDomain } from '@haven/contract/account';
import { LongName } from '../../components/long-name.tsx';

/** The selected domain with its package and plan flags. */
export function DomainCard({ domain }: { domain: UserDomain }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="domain-card-title">
      <Title order={2} size="h4" id="domain-card-title">
        <LongName>{domain.name}</LongName>
      </Title>
      <Group gap="xs" mt="xs">
        <Badge variant="light">{t(`package.${domain.package}`)}</Badge>
        {domain.premium && <Badge color="grape">{t('plan.premium')}</Badge>}
        {domain.instap && <Badge color="gray">{t('plan.instap')}</Badge>}
      </Group>
      {!domain.active && (
        <Alert color="yellow" variant="light" mt="sm">
          {t('inactive')}
        </Alert>
      )}
      {domain.instap && (
        <Text size="sm" c="dimmed" mt="sm">
          {t('plan.instap_limits', {
            accounts: LIMITS.instapMailAccounts,
            gb: LIMITS.diskQuotaMb.instap / 1000,
          })}
        </Text>
      )}
    </Card>
  );
}
