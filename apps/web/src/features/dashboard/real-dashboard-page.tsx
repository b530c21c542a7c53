import { useDeferredValue } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSelectedDomain } from '../../lib/selected-domain.ts';
import { ownMailbox, useUser } from '../../lib/user.ts';
import { routePath } from '../../lib/paths.ts';
import { DashboardStatistics } from './dashboard-statistics.tsx';
import { DomainCard } from './domain-card.tsx';
import { dayPart } from './greeting.ts';

export function RealDashboardPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('title'));
  const user = useUser();
  const { domain, details } = useSelectedDomain();
  const isDomainUser = user.data?.type === 'DOMAIN';
  // The statistics (below the first screen on a phone) and their three requests come in a
  // render after the greeting's, out of the long task that paints it.
  const statisticsLater = useDeferredValue(user.data !== undefined, false);

  if (user.isError) return <FormError message={errorText(t, user.error, ['dashboard:error.'])} />;
  if (!user.data) return <PageLoader />;
  if (user.data.type === 'EMAIL') {
    // Specs §6: EMAIL lands on its own mailbox.
    const to = routePath('mailaddressdetail', {
      domain: user.data.domain,
      type: 'address',
      name: ownMailbox(user.data),
    });
    return <Navigate to={to} replace />;
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>
        {t(`greeting.${dayPart(new Date().getHours())}`, { name: user.data.name })}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {details && <DomainCard domain={details} />}
        <Card withBorder padding="md" component="section" aria-labelledby="account-card-title">
          <Title order={2} size="h4" id="account-card-title">
            {t('account.title')}
          </Title>
          <Stack gap={4} mt="xs">
            <Text size="sm">
              {t('account.user')}: <strong>{user.data.email || user.data.name}</strong>
            </Text>
            <Text size="sm">
              {t('account.ip')}: <strong>{user.data.ip}</strong>
            </Text>
          </Stack>
          {domain && (
            <Group mt="md">
              <Button
                component={Link}
                to={routePath('account', { domain })}
                variant="light"
                leftSection={<IconKey size={16} aria-hidden />}
              >
                {t('account.change_password')}
              </Button>
            </Group>
          )}
        </Card>
      </SimpleGrid>
      {/* Specs §6: DOMAIN users see no statistics; they need a hosting package. */}
      {statisticsLater && domain && !isDomainUser && details?.package === 'HOSTING' && (
        <DashboardStatistics domain={domain} />
      )}
    </Stack>
  );
}
