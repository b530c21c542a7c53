import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
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
import { LongName } from '../../components/long-name.tsx';
import { usePagedList } from '../../components/paged-list/paged-list.tsx';

const NO_USERS: { name: string }[] = [];
const nameOf = (u: { name: string }) => u.name;

/** One protected directory: its users (add, change, delete) and removing the protection. */
export function ProtectedDirectoryDetailPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '', name = '' } = useParams();
  const id = Number(name);
  const dir = useProtectedDirectory(domain, id);
  const removeDir = useDeleteProtectedDirectory(domain);
  const removeUser = useDeleteProtectedUser(domain, id);
  const users = usePagedList(dir.data?.users ?? NO_USERS, {
    searchText: nameOf,
    label: t('protected_directory.users'),
  });
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
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Title order={2} size="h4">
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
            {users.search}
            {users.shown.length ? (
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('protected_directory.user_name')}</Table.Th>
                    <Table.Th ta="end">
                      <VisuallyHidden>{t('protected_directory.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.shown.map((u) => (
                    <Table.Tr key={u.name}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={routePath('protecteddirectoryuserdetail', {
                            domain,
                            name,
                            username: u.name,
                          })}
                        >
                          <LongName>{u.name}</LongName>
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="end">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => onDeleteUser(u.name)}
                          aria-label={t('protected_directory.user_delete_named', { name: u.name })}
                          title={t('protected_directory.user_delete_named', { name: u.name })}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              // Nothing found by a search is said by the search field.
              data.users.length === 0 && <Text c="dimmed">{t('protected_directory.no_users')}</Text>
            )}
            {users.pager}
          </Stack>
        </Paper>
      )}
    </DetailScreen>
  );
}
