import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { DeleteButton } from '../../components/screen-kit/delete-button.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import {
  useDeleteProtectedDirectory,
  useDeleteProtectedUser,
  useProtectedDirectory,
} from './api.ts';
import { ERROR_PREFIX } from './errors.ts';
import { dirAddress } from './protected-directory-list-page.tsx';
import { PagedList } from '../../components/paged-list/paged-list.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { ListTable } from '../../components/screen-kit/list-table.tsx';

const nameOf = (u: { name: string }) => u.name;

/** One protected directory: its users (add, change, delete) and removing the protection. */
export function ProtectedDirectoryDetailPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '', name = '' } = useParams();
  const id = Number(name);
  const dir = useProtectedDirectory(domain, id);
  const removeDir = useDeleteProtectedDirectory(domain);
  const removeUser = useDeleteProtectedUser(domain, id);
  const back = {
    to: routePath('protecteddirectory', { domain }),
    label: t('protected_directory.back'),
  };
  const address = dir.data
    ? dirAddress(domain, dir.data.directory.subdomain, dir.data.directory.name)
    : '';

  const onDeleteUser = (username: string) =>
    confirmDelete({
      name: username,
      message: t('protected_directory.user_delete_confirm', { name: username }),
      onConfirm: () =>
        removeUser.mutate(username, {
          onSuccess: () => toast.success(t('protected_directory.user_deleted', { name: username })),
        }),
    });

  const failed = removeDir.error ?? removeUser.error;
  return (
    <DetailScreen
      query={dir}
      invalid={!(Number.isInteger(id) && id > 0)}
      title={address || t('protected_directory.title')}
      intro={dir.data?.directory.description}
      back={back}
      actions={
        dir.isSuccess && (
          <DeleteButton
            label={t('protected_directory.delete')}
            confirm={{
              name: address,
              message: t('protected_directory.delete_confirm', { name: address }),
            }}
            mutation={removeDir}
            variables={id}
            done={{ text: t('protected_directory.deleted', { name: address }), to: back.to }}
          />
        )
      }
      error={failed ? errorText(t, failed, ERROR_PREFIX.protected_directory) : undefined}
      maw={720}
    >
      {(data) => (
        <>
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} size="h3">
              {t('protected_directory.users')}
            </Title>
            <Button
              component={Link}
              to={routePath('protecteddirectoryuseradd', { domain, name })}
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('protected_directory.user_add')}
            </Button>
          </Group>
          {data.users.length === 0 ? (
            <EmptyState text={t('protected_directory.no_users')} />
          ) : (
            <PagedList rows={data.users} searchText={nameOf} label={t('protected_directory.users')}>
              {(page) => (
                <ListTable
                  rows={page}
                  rowKey={nameOf}
                  name={{
                    header: t('protected_directory.user_name'),
                    text: nameOf,
                    to: (u) =>
                      routePath('protecteddirectoryuserdetail', { domain, name, username: u.name }),
                  }}
                  columns={[]}
                  actions={{
                    header: t('protected_directory.actions'),
                    cell: (u) => (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onDeleteUser(u.name)}
                        aria-label={t('protected_directory.user_delete_named', { name: u.name })}
                        title={t('protected_directory.user_delete_named', { name: u.name })}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    ),
                  }}
                />
              )}
            </PagedList>
          )}
        </>
      )}
    </DetailScreen>
  );
}
