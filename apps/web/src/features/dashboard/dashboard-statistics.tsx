import { useDeferredValue, useEffect } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TrafficCounts } from '@haven/contract/statistics';
import { PageLoader } from '../../components/page-loader.tsx';
import { toast } from '../../components/toast.ts';
import { QueryState } from '../../components/query-state.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatDateRange, formatSize, prepareFormats } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { measuredAtText } from '../../lib/measured-at.ts';
import {
  useMonthTraffic,
  useRefreshStatistics,
  useStatisticsOverview,
  useTopMailboxes,
} from './api.ts';
import { FigureDonut } from './figure-donut.tsx';

// Colour pairs: a protocol's in and out in one hue, light and dark.
const TRAFFIC_COLORS: Record<keyof TrafficCounts, string> = {
  http_in: '#74c0fc',
  http_out: '#1971c2',
  ftp_in: '#8ce99a',
  ftp_out: '#2f9e44',
  smtp_in: '#ffc078',
  smtp_out: '#e8590c',
  pop3_imap_in: '#e599f7',
  pop3_imap_out: '#9c36b5',
};
const DISK_COLORS = {
  httpdocs: '#1971c2',
  httpsdocs: '#4dabf7',
  subdomains: '#2f9e44',
  databases: '#e8590c',
  mailboxes: '#9c36b5',
  other_files: '#868e96',
} as const;

/** The dashboard's statistics (specs §6): limits, the two donuts, other figures, top mailboxes. */
export function DashboardStatistics({ domain }: { domain: string }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const size = (n: number) => formatSize(n, language);
  const overview = useStatisticsOverview(domain, true);
  const traffic = useMonthTraffic(domain, true);
  const top = useTopMailboxes(domain, true);
  const refresh = useRefreshStatistics(domain);
  // An answer renders in a deferred render, which React splits into short tasks: the query's own
  // update is synchronous and drew the whole section in one long task on a phone.
  const o = useDeferredValue(overview.data);
  const trafficData = useDeferredValue(traffic.data);
  const topData = useDeferredValue(top.data);
  // The figures' formatters are built while the answers are on their way, in a task of their own.
  useEffect(() => {
    const timer = setTimeout(() => prepareFormats(language), 0);
    return () => clearTimeout(timer);
  }, [language]);

  return (
    <QueryState query={overview}>
      {() => {
        if (!o) return <PageLoader />;
        const share = o.limits.disk_space > 0 ? o.limits.disk_used / o.limits.disk_space : 0;
        const disk = (Object.keys(DISK_COLORS) as (keyof typeof DISK_COLORS)[]).map((k) => ({
          label: t(`statistics.disk.${k}`),
          value: o.disk_usage[k] ?? 0,
          color: DISK_COLORS[k],
        }));
        return (
          <Stack gap="md">
            <Card withBorder padding="md" component="section" aria-labelledby="limits-title">
              <Group justify="space-between" gap="xs">
                <Title order={2} size="h4" id="limits-title">
                  {t('statistics.limits')}
                </Title>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  loading={refresh.isPending}
                  onClick={() =>
                    refresh.mutate(undefined, {
                      onSuccess: () => toast.success(t('statistics.refreshed_ok')),
                      onError: (e) => toast.error(errorText(t, e, ['dashboard:error.'])),
                    })
                  }
                >
                  {t('statistics.refresh')}
                </Button>
              </Group>
              <Text size="sm" mt="xs">
                {t('statistics.disk_space', {
                  used: size(o.limits.disk_used),
                  total: size(o.limits.disk_space),
                })}
              </Text>
              <Progress
                mt={6}
                value={Math.min(100, share * 100)}
                color={o.limits.warning ? 'red' : 'blue'}
                aria-label={t('statistics.disk_space_label')}
              />
              <Text size="sm" mt="xs">
                {t('statistics.max_databases', { count: o.limits.max_databases })}
              </Text>
              {o.limits.warning && (
                <Alert mt="sm" color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
                  {t('statistics.disk_warning')}
                </Alert>
              )}
            </Card>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {trafficData && (
                <FigureDonut
                  id="data-usage-title"
                  title={t('statistics.data_usage', {
                    period: formatDateRange(trafficData.from, trafficData.to, language),
                  })}
                  format={size}
                  slices={(Object.keys(TRAFFIC_COLORS) as (keyof TrafficCounts)[]).map((k) => ({
                    label: t(`statistics.traffic.${k}`),
                    value: trafficData.total[k],
                    color: TRAFFIC_COLORS[k],
                  }))}
                  note={
                    trafficData.refreshed_at === null
                      ? t('statistics.never')
                      : measuredAtText(t, trafficData.refreshed_at, language)
                  }
                />
              )}
              <FigureDonut
                id="disk-usage-title"
                title={t('statistics.disk_usage')}
                format={size}
                slices={disk}
                note={measuredAtText(t, o.disk_usage.measured_at, language)}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Card withBorder padding="md" component="section" aria-labelledby="other-title">
                <Title order={2} size="h4" id="other-title">
                  {t('statistics.other')}
                </Title>
                <Stack gap={4} mt="xs">
                  {(['subdomains', 'databases', 'ftp_accounts', 'mailboxes'] as const).map((k) => (
                    <Group key={k} justify="space-between">
                      <Text size="sm">{t(`statistics.count.${k}`)}</Text>
                      <Text size="sm" fw={500}>
                        {o.other[k]}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Card>
              <Card withBorder padding="md" component="section" aria-labelledby="top-title">
                <Title order={2} size="h4" id="top-title">
                  {t('statistics.top_mailboxes')}
                </Title>
                {(topData?.mailboxes.length ?? 0) === 0 ? (
                  <Text size="sm" c="dimmed" mt="xs">
                    {t('statistics.no_mailboxes')}
                  </Text>
                ) : (
                  <Stack gap={4} mt="xs" component="ol">
                    {topData?.mailboxes.map((m) => (
                      <Group component="li" key={m.address} justify="space-between">
                        <Text size="sm">{m.address}</Text>
                        <Text size="sm">{size(m.usage)}</Text>
                      </Group>
                    ))}
                  </Stack>
                )}
              </Card>
            </SimpleGrid>
          </Stack>
        );
      }}
    </QueryState>
  );
}
