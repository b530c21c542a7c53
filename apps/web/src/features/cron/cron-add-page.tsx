import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { toast } from '../../components/toast.ts';
import { routePath } from '../../lib/paths.ts';
import { useCronOverview, useSaveCronjob } from './api.ts';
import { CronForm, emptyJob } from './cron-form.tsx';

/** A new cron job for an FTP user; on success back to the list (route 'cronjob'). */
export function CronAddPage() {
  const { t } = useTranslation('cron');
  const { domain = '', user = '' } = useParams();
  const navigate = useNavigate();
  const overview = useCronOverview(domain);
  const save = useSaveCronjob(domain, user);
  const back = `${routePath('cronjob', { domain })}?user=${encodeURIComponent(user)}`;
  return (
    <OnlyIfExists query={overview} exists={(data) => data.users.includes(user)}>
      <Stack gap="md" maw={720}>
        <ScreenHeader
          title={t('add.title')}
          intro={t('add.intro', { user })}
          back={{ to: back, label: t('list.title') }}
        />
        {overview.isPending && <PageLoader />}
        {overview.data?.premium && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <CronForm
              overview={overview.data}
              initial={emptyJob(overview.data.apps)}
              submitLabel={t('add.submit')}
              pending={save.isPending}
              error={save.error}
              onSubmit={(body) =>
                save.mutate(body, {
                  onSuccess: (job) => {
                    toast.success(t('add.created', { name: job.name }));
                    void navigate(back);
                  },
                })
              }
            />
          </Paper>
        )}
      </Stack>
    </OnlyIfExists>
  );
}
