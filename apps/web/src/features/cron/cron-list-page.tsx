import { Anchor, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { CardList } from '../../components/screen-kit/card-list.tsx';
import { AddButton } from '../../components/screen-kit/list-screen.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useCronAction, useCronjobs, useCronOverview } from './api.ts';
import { CronJobRow } from './cron-job-row.tsx';

/** Cron jobs of an FTP user: choose the user, see, pause, resume and delete its jobs. */
export function CronListPage() {
  const { t } = useTranslation('cron');
  const { domain = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const overview = useCronOverview(domain);
  const users = overview.data?.users ?? [];
  const chosen = search.get('user');
  const user = chosen && users.includes(chosen) ? chosen : (users[0] ?? null);
  const jobs = useCronjobs(domain, overview.data?.premium ? user : null);
  const action = useCronAction(domain, user ?? '');
  const act = (kind: 'pause' | 'resume' | 'run' | 'delete', hash: string) =>
    action.mutate(
      { action: kind, hash },
      {
        onSuccess: () => toast.success(t(`done.${kind}`)),
        onError: (e) => toast.error(errorText(t, e, ['cron:error.'])),
      },
    );

  const add = user && overview.data?.premium && (
    <AddButton label={t('add.button')} to={routePath('cronjobadd', { domain, user })} />
  );

  return (
    <Stack gap="md">
      <ScreenHeader title={t('list.title')} intro={t('list.intro')} actions={add} />
      {overview.isPending && <PageLoader />}
      {overview.isError && <FormError message={errorText(t, overview.error, ['cron:error.'])} />}
      {overview.data && !overview.data.premium && (
        <Text>
          {t('list.not_premium')}{' '}
          <Anchor component={Link} to={routePath('upgrade', { domain })}>
            {t('list.upgrade')}
          </Anchor>
        </Text>
      )}
      {overview.data?.premium && users.length === 0 && (
        <Text>
          {t('list.no_users')}{' '}
          <Anchor component={Link} to={routePath('web-user', { domain })}>
            {t('list.add_user')}
          </Anchor>
        </Text>
      )}
      {overview.data?.premium && users.length > 0 && (
        <Select
          label={t('list.user')}
          maw={320}
          allowDeselect={false}
          value={user}
          data={users}
          onChange={(u) => u && setSearch({ user: u }, { replace: true })}
        />
      )}
      {jobs.isError && <FormError message={errorText(t, jobs.error, ['cron:error.'])} />}
      {jobs.data?.jobs.length === 0 && <EmptyState text={t('list.empty')} />}
      {jobs.data && jobs.data.jobs.length > 0 && (
        <CardList label={t('list.title')}>
          {jobs.data.jobs.map((job) => (
            <CronJobRow
              key={job.hash}
              domain={domain}
              job={job}
              zone={overview.data?.timezone ?? 'UTC'}
              busy={action.isPending && action.variables.hash === job.hash}
              act={act}
            />
          ))}
        </CardList>
      )}
    </Stack>
  );
}
