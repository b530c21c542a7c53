import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as cron from '@haven/contract/cron';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useScheduleText } from './schedule-text.ts';
import { localZone, nextRuns } from './schedule-words.ts';

interface Props {
  schedule: cron.CronSchedule;
  zone: string;
  /** A paused job has no next runs: the preview says so instead of listing times. */
  paused?: boolean;
}

/** The schedule in words and its next five runs in the customer's own time zone. */
export function SchedulePreview({ schedule, zone, paused = false }: Props) {
  const { t } = useTranslation('cron');
  const language = useLanguage();
  const words = useScheduleText(zone);
  if (cron.scheduleProblem(schedule)) return null;
  const expression = cron.expressionOf(schedule);
  if (paused)
    return (
      <Stack gap={4} data-testid="schedule-preview">
        <Text fw={600}>{words(expression)}</Text>
        <Text size="sm" c="dimmed">
          {t('next_runs_paused')}
        </Text>
      </Stack>
    );
  const runs = nextRuns(expression, zone);
  return (
    <Stack gap={4} data-testid="schedule-preview">
      <Text fw={600}>{words(expression)}</Text>
      <Text size="sm" c="dimmed">
        {t('next_runs', { zone: localZone() })}
      </Text>
      <List size="sm" aria-label={t('next_runs_label')}>
        {runs.map((d) => (
          <List.Item key={d.getTime()}>{formatDate(d, language, true)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
