import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useCronAction, useCronjob, useCronOverview, useSaveCronjob } from './api.ts';
import { bodyOf, CronForm } from './cron-form.tsx';
import { RunHistory } from './run-history.tsx';

/** One job: run now, pause/resume, the planner to change it, and its run history. */
export function CronDetailPage() {
  const { t } = useTranslation('cron');
  const { domain = '', user = '', hash = '' } = useParams();
  const navigate = useNavigate();
  const overview = useCronOverview(domain);
  const detail = useCronjob(domain, user, hash);
  const save = useSaveCronjob(domain, user, hash);
  const action = useCronAction(domain, user);
  const back = `${routePath('cronjob', { domain })}?user=${encodeURIComponent(user)}`;
  const job = detail.data?.job;
  const act = (kind: 'pause' | 'resume' | 'run') =>
    action.mutate(
      { action: kind, hash },
      {
        onSuccess: () => toast.success(t(`done.${kind}`)),
        onError: (e) => toast.error(errorText(t, e, ['cron:error.'])),
      },
    );
  const actions = job && (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconRun size={16} />}
        loading={action.isPending && action.variables.action === 'run'}
        onClick={() => act('run')}
      >
        {t('run_now')}
      </Button>
      <Button
        variant="default"
        leftSection={job.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
        loading={action.isPending && action.variables.action !== 'run'}
        onClick={() => act(job.paused ? 'resume' : 'pause')}
      >
        {t(job.paused ? 'resume' : 'pause')}
      </Button>
    </Group>
  );
  return (
    <OnlyIfExists query={overview} exists={(data) => data.users.includes(user)}>
      <DetailScreen
        query={detail}
        title={job?.name ?? t('detail.title')}
        intro={job?.paused ? t('detail.paused') : undefined}
        back={{ to: back, label: t('list.title') }}
        actions={actions}
        maw={720}
      >
        {(data) => (
          <>
            {overview.data ? (
              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <CronForm
                  key={hash}
                  overview={overview.data}
                  initial={bodyOf(data.job)}
                  paused={data.job.paused}
                  submitLabel={t('detail.submit')}
                  pending={save.isPending}
                  error={save.error}
                  onSubmit={(body) =>
                    save.mutate(body, {
                      onSuccess: () => {
                        toast.success(t('detail.saved'));
                        void navigate(back);
                      },
                    })
                  }
                />
              </Paper>
            ) : (
              overview.isPending && <PageLoader />
            )}
            <Stack gap="xs">
              <Title order={2} size="h3">
                {t('history.title')}
              </Title>
              <RunHistory runs={data.runs} />
            </Stack>
          </>
        )}
      </DetailScreen>
    </OnlyIfExists>
  );
}
