import { Button, Group, Title } from '@mantine/core';
import { IconDownload, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { Facts } from '../../components/screen-kit/facts.tsx';
import { DeleteButton } from '../../components/screen-kit/delete-button.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { toast } from '../../components/toast.ts';
import { formatDate, formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { useDatabase, useDeleteDatabase, useDownloadDatabase } from './api.ts';
import { databaseErrorText, passedCode } from './database-errors.ts';
import { startDownload } from '../../lib/start-download.ts';
import { UnavailableNotice } from './unavailable-notice.tsx';
import { UserList } from './user-list.tsx';
import { ConnectionDetails } from './connection-details.tsx';

/** One database: its users, the download of a dump, and deleting it (after confirmation). */
export function DatabaseDetailPage() {
  const { t } = useTranslation('databases');
  const language = useLanguage();
  const { domain = '', name = '', error_passed: errorPassed } = useParams();
  const detail = useDatabase(domain, name);
  const remove = useDeleteDatabase(domain);
  const download = useDownloadDatabase(domain, name);
  const passed = passedCode(errorPassed);
  const listPath = routePath('database', { domain });

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: (url) => startDownload(url),
      onError: (error) => toast.error(databaseErrorText(t, error)),
    });

  const data = detail.data;
  return (
    <DetailScreen
      query={detail}
      title={name}
      back={{ to: listPath, label: t('back_to_list') }}
      actions={
        <>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onDownload}
            loading={download.isPending}
            disabled={!data?.available}
          >
            {t('detail.download')}
          </Button>
          {data && (
            <DeleteButton
              label={t('detail.delete')}
              confirm={{ name, message: t('detail.confirm_delete', { name }) }}
              mutation={remove}
              variables={name}
              done={{ text: t('detail.deleted', { name }), to: listPath }}
            />
          )}
        </>
      }
      notice={
        <>
          {passed && <FormError title={t('detail.passed_title')} message={t(`error.${passed}`)} />}
          {data && !data.available && <UnavailableNotice />}
        </>
      }
      error={remove.isError ? databaseErrorText(t, remove.error) : undefined}
    >
      {(data) => (
        <>
          <Facts
            facts={[
              {
                label: t('detail.size'),
                value:
                  data.database.size === null
                    ? t('size_unknown')
                    : formatSize(data.database.size, language),
              },
              { label: t('detail.created'), value: formatDate(data.database.created_at, language) },
            ]}
          />
          <ConnectionDetails name={name} connection={data.connection} users={data.users} />
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} size="h3">
              {t('detail.users')}
            </Title>
            <Button
              component={Link}
              to={routePath('databaseuseradd', { domain, name })}
              variant="light"
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              {t('detail.add_user')}
            </Button>
          </Group>
          <UserList domain={domain} database={name} users={data.users} />
        </>
      )}
    </DetailScreen>
  );
}
