import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as cron from '@haven/contract/cron';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';

/** The job's runs, newest first: start, duration, exit code, the last lines; failures marked. */
export function RunHistory({ runs }: { runs: cron.CronRun[] }) {
  const { t } = useTranslation('cron');
  const language = useLanguage();
  if (runs.length === 0) return <Text>{t('history.empty')}</Text>;
  return (
    <Stack
      component="ol"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('history.title')}
    >
      {runs.map((run) => (
        <Paper
          component="li"
          key={`${run.started_at}-${run.trigger}`}
          withBorder
          p="sm"
          data-testid="cron-run"
        >
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <Badge color={run.failed ? 'red' : 'teal'} variant="light">
                {run.failed ? t('history.failed') : t('history.ok')}
              </Badge>
              <Text size="sm">{formatDate(run.started_at, language, true)}</Text>
              <Text size="sm" c="dimmed">
                {t('history.meta', {
                  seconds: formatNumber(run.duration_ms / 1000, language, 1),
                  code: run.exit_code,
                  trigger: t(`history.trigger.${run.trigger}`),
                })}
              </Text>
            </Group>
            {run.output && (
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {run.output}
              </Code>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
