import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { toast } from '../../components/toast.ts';
import { formatDate, formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { useDatabase, useDeleteDatabase, useDownloadDatabase } from './api.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { databaseErrorText, passedCode } from './database-errors.ts';
import { startDownload } from '../../lib/start-download.ts';
import { UnavailableNotice } from './unavailable-notice.tsx';
import { UserList } from './user-list.tsx';
import { ConnectionDetails } from './connection-details.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}

/** One database: its users, the download of a dump, and deleting it (after confirmation). */
export function DatabaseDetailPage() {
  const { t } = useTranslation('databases');
  const language = useLanguage();
  const { domain = '', name = '', error_passed: errorPassed } = useParams();
  const navigate = useNavigate();
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

  const onDelete = () =>
    confirmDelete({
      name,
      message: t('detail.confirm_delete', { name }),
      onConfirm: () =>
        remove.mutate(name, {
          onSuccess: () => {
            toast.success(t('detail.deleted', { name }));
            void navigate(listPath);
          },
        }),
    });

  const data = detail.data;
  return (
    <OnlyIfExists query={detail}>
      <Stack gap="md">
        <ScreenHeader title={name} back={{ to: listPath, label: t('back_to_list') }} />
        {passed && <FormError title={t('detail.passed_title')} message={t(`error.${passed}`)} />}
        {detail.isPending && <PageLoader />}
        {detail.isError && <FormError message={databaseErrorText(t, detail.error)} />}
        {remove.isError && <FormError message={databaseErrorText(t, remove.error)} />}
        {data && !data.available && <UnavailableNotice />}
        {data && (
          <>
            <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <Fact
                    label={t('detail.size')}
                    value={
                      data.database.size === null
                        ? t('size_unknown')
                        : formatSize(data.database.size, language)
                    }
                  />
                  <Fact
                    label={t('detail.created')}
                    value={formatDate(data.database.created_at, language)}
                  />
                </SimpleGrid>
                <Group gap="sm">
                  <Button
                    variant="light"
                    leftSection={<IconDownload size={18} aria-hidden />}
                    onClick={onDownload}
                    loading={download.isPending}
                    disabled={!data.available}
                  >
                    {t('detail.download')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={18} aria-hidden />}
                    onClick={onDelete}
                    loading={remove.isPending}
                  >
                    {t('detail.delete')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
            <ConnectionDetails name={name} connection={data.connection} users={data.users} />
            <Group justify="space-between" align="center" gap="sm">
              <Title order={2} size="h3">
                {t('detail.users')}
              </Title>
              <Button
                component={Link}
                to={routePath('databaseuseradd', { domain, name })}
                variant="light"
                leftSection={<IconUserPlus size={18} aria-hidden />}
              >
                {t('detail.add_user')}
              </Button>
            </Group>
            <UserList domain={domain} database={name} users={data.users} />
          </>
        )}
      </Stack>
    </OnlyIfExists>
  );
}
