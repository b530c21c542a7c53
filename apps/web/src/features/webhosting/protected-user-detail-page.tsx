import { Button, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { FormError } from '../../components/form-error.tsx';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useDeleteProtectedUser, useProtectedDirectory, useUpdateProtectedUser } from './api.ts';
import { ChangeServicePassword } from '../../components/password/change-service-password.tsx';
import { ERROR_PREFIX } from './errors.ts';
import { QueryState } from '../../components/query-state.tsx';
import { dirAddress } from './protected-directory-list-page.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';

/** One user of a protected directory: a new password, or deleting the user. */
export function ProtectedUserDetailPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '', name = '', username = '' } = useParams();
  const id = Number(name);
  const navigate = useNavigate();
  const dir = useProtectedDirectory(domain, id);
  const change = useUpdateProtectedUser(domain, id, username);
  const remove = useDeleteProtectedUser(domain, id);
  const detail = routePath('protecteddirectorydetail', { domain, name });
  const known = dir.data?.users.some((u) => u.name === username);

  const onDelete = () =>
    confirmDelete({
      name: username,
      message: t('protected_directory.user_delete_confirm', { name: username }),
      onConfirm: () =>
        remove.mutate(username, {
          onSuccess: () => {
            toast.success(t('protected_directory.user_deleted', { name: username }));
            void navigate(detail);
          },
        }),
    });

  return (
    <OnlyIfExists
      query={dir}
      invalid={!(Number.isInteger(id) && id > 0)}
      exists={(data) => data.users.some((u) => u.name === username)}
      hold
    >
      <Stack gap="md" maw={640}>
        <ScreenHeader
          title={username}
          intro={
            dir.data && dirAddress(domain, dir.data.directory.subdomain, dir.data.directory.name)
          }
          back={{ to: detail, label: t('protected_directory.back_detail') }}
          actions={
            known && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={onDelete}
                loading={remove.isPending}
              >
                {t('protected_directory.user_delete')}
              </Button>
            )
          }
        />
        {remove.isError && (
          <FormError message={errorText(t, remove.error, ERROR_PREFIX.protected_directory)} />
        )}
        <QueryState query={dir}>
          {() =>
            known ? (
              <ChangeServicePassword
                username={username}
                change={change}
                errorText={(error) => errorText(t, error, ERROR_PREFIX.protected_directory)}
                invalidText={t('protected_directory.error.invalid_password')}
              />
            ) : (
              <FormError message={t('errors:not_found')} />
            )
          }
        </QueryState>
      </Stack>
    </OnlyIfExists>
  );
}
