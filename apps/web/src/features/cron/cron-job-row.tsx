import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import * as cron from '@haven/contract/cron';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { ListCard } from '../../components/screen-kit/card-list.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import type { CronAction } from './api.ts';
import { useScheduleText } from './schedule-text.ts';

interface Props {
  domain: string;
  job: cron.Cronjob;
  busy: boolean;
  /** The server's time zone, in which cron reads the schedule. */
  zone: string;
  act: (action: CronAction, hash: string) => void;
}

/** One job in the list: name, schedule in words, last run, pause/resume and delete. */
export function CronJobRow({ domain, job, zone, busy, act }: Props) {
  const { t } = useTranslation('cron');
  const language = useLanguage();
  const [first] = job.jobs;
  const scheduleText = useScheduleText(zone);
  const words = first ? scheduleText(cron.expressionOf(first)) : '';
  const last = job.last_run;
  return (
    <ListCard
      name={job.name}
      to={routePath('cronjobdetail', { domain, user: job.user, hash: job.hash })}
      badge={job.paused && <Badge color="gray">{t('paused')}</Badge>}
    >
      <Stack gap={6} mt={4}>
        <Text size="sm">{words}</Text>
        <Text size="sm" c={last?.failed ? 'red.8' : 'dimmed'}>
          {last
            ? t(last.failed ? 'last_run_failed' : 'last_run_ok', {
                at: formatDate(last.started_at, language, true),
                code: last.exit_code,
              })
            : t('never_ran')}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={busy}
            leftSection={job.paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            onClick={() => act(job.paused ? 'resume' : 'pause', job.hash)}
          >
            {t(job.paused ? 'resume' : 'pause')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() =>
              confirmDelete({
                name: job.name,
                message: t('delete_warning'),
                onConfirm: () => act('delete', job.hash),
              })
            }
          >
            {t('delete')}
          </Button>
        </Group>
      </Stack>
    </ListCard>
  );
}
