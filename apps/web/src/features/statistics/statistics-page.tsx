import { lazy, Suspense } from 'react';
import { Box, Button, Card, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TrafficDay } from '@haven/contract/statistics';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatShortDate, formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { measuredAtText } from '../../lib/measured-at.ts';
import { useOverview, useRefreshTraffic, useTraffic } from './api.ts';

// Chart.js comes with its own chunk, after the table.
const BarChart = lazy(() =>
  import('../../components/charts/bar-chart.tsx').then((m) => ({ default: m.BarChart })),
);

const mail = (d: Pick<TrafficDay, 'smtp_in' | 'smtp_out' | 'pop3_imap_in' | 'pop3_imap_out'>) =>
  d.smtp_in + d.smtp_out + d.pop3_imap_in + d.pop3_imap_out;

/**
 * Specs part 2 "Statistics (domain)": the month's traffic per day and the refresh timestamp,
 * and the disk usage the file manager shows and enforces, each with the time it was measured.
 */
export function StatisticsPage() {
  const { t } = useTranslation('statistics');
  const language = useLanguage();
  const { domain = '' } = useParams();
  const traffic = useTraffic(domain);
  const overview = useOverview(domain);
  const refresh = useRefreshTraffic(domain);
  const size = (n: number) => formatSize(n, language);
  const columns = ['http_in', 'http_out', 'ftp_in', 'ftp_out'] as const;

  return (
    <Stack gap="lg" maw={1100}>
      <ScreenHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={refresh.isPending}
            onClick={() =>
              refresh.mutate(undefined, {
                onSuccess: () => toast.success(t('refreshed_ok')),
                onError: (e) => toast.error(errorText(t, e, ['statistics:error.'])),
              })
            }
          >
            {t('refresh')}
          </Button>
        }
      />
      {overview.data && (
        <Card withBorder padding="md" component="section" aria-labelledby="disk-title">
          <Title order={2} size="h4" id="disk-title">
            {t('disk')}
          </Title>
          <Text size="sm" mt="xs" data-testid="disk-used">
            {t('disk_used', {
              used: size(overview.data.limits.disk_used),
              total: size(overview.data.limits.disk_space),
            })}
          </Text>
          <Progress
            mt={6}
            value={
              overview.data.limits.disk_space > 0
                ? Math.min(
                    100,
                    Math.round(
                      (overview.data.limits.disk_used / overview.data.limits.disk_space) * 1000,
                    ) / 10,
                  )
                : 100
            }
            color={overview.data.limits.warning ? 'red' : 'blue'}
            aria-label={t('disk')}
          />
          <Text size="xs" c="dimmed" mt="xs" data-testid="disk-measured-at">
            {measuredAtText(t, overview.data.disk_usage.measured_at, language)}
          </Text>
        </Card>
      )}
      <QueryState query={traffic}>
        {() => {
          const r = traffic.data;
          if (!r) return null;
          return (
            <Stack gap="md">
              <Card withBorder padding="md" component="section" aria-labelledby="chart-title">
                <Title order={2} size="h4" id="chart-title" mb={4}>
                  {t('chart')}
                </Title>
                <Text size="xs" c="dimmed" mb="sm" data-testid="refreshed-at">
                  {r.refreshed_at === null
                    ? t('never')
                    : measuredAtText(t, r.refreshed_at, language)}
                </Text>
                <Suspense fallback={<Skeleton height={280} />}>
                  <BarChart
                    labels={r.days.map((d) => d.date.slice(8))}
                    format={size}
                    series={[
                      {
                        label: t('http_in'),
                        values: r.days.map((d) => d.http_in),
                        color: '#74c0fc',
                      },
                      {
                        label: t('http_out'),
                        values: r.days.map((d) => d.http_out),
                        color: '#1971c2',
                      },
                      { label: t('ftp_in'), values: r.days.map((d) => d.ftp_in), color: '#8ce99a' },
                      {
                        label: t('ftp_out'),
                        values: r.days.map((d) => d.ftp_out),
                        color: '#2f9e44',
                      },
                      { label: t('mail'), values: r.days.map(mail), color: '#e8590c' },
                    ]}
                  />
                </Suspense>
              </Card>
              {/* A focusable region: the table scrolls sideways on a phone, keyboard users too. */}
              <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('table')}>
                <Table striped withTableBorder miw={520} aria-label={t('table')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('date')}</Table.Th>
                      {columns.map((c) => (
                        <Table.Th key={c} ta="right">
                          {t(c)}
                        </Table.Th>
                      ))}
                      <Table.Th ta="right">{t('mail')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.days.map((d) => (
                      <Table.Tr key={d.date}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {formatShortDate(d.date, language)}
                        </Table.Td>
                        {columns.map((c) => (
                          <Table.Td key={c} ta="right">
                            {size(d[c])}
                          </Table.Td>
                        ))}
                        <Table.Td ta="right">{size(mail(d))}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th>{t('total')}</Table.Th>
                      {columns.map((c) => (
                        <Table.Th key={c} ta="right" data-testid={`total-${c}`}>
                          {size(r.total[c])}
                        </Table.Th>
                      ))}
                      <Table.Th ta="right">{size(mail(r.total))}</Table.Th>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Box>
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
