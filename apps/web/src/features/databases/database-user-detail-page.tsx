import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { FormError } from '../../components/form-error.tsx';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { toast } from '../../components/toast.ts';
import { routePath } from '../../lib/paths.ts';
import { useChangeDatabaseUserPassword, useDatabase, useDeleteDatabaseUser } from './api.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { databaseErrorText } from './database-errors.ts';
import { ChangeServicePassword } from '../../components/password/change-service-password.tsx';

/** The part after the prefix, which the password must not contain. */
const userPart = (full: string) => full.slice(full.indexOf('_') + 1);

/** One database user: a new password, or deleting it (after confirmation). */
export function DatabaseUserDetailPage() {
  const { t } = useTranslation('databases');
  const { domain = '', name = '', username = '' } = useParams();
  const navigate = useNavigate();
  const database = useDatabase(domain, name);
  const change = useChangeDatabaseUserPassword(domain, name, username);
  const remove = useDeleteDatabaseUser(domain, name);
  const detailPath = routePath('databasedetail', { domain, name });

  const onDelete = () =>
    confirmDelete({
      name: username,
      message: t('user_detail.confirm_delete', { name: username }),
      onConfirm: () =>
        remove.mutate(username, {
          onSuccess: () => {
            toast.success(t('user_detail.deleted', { name: username }));
            void navigate(detailPath);
          },
        }),
    });

  return (
    <OnlyIfExists
      query={database}
      exists={(data) => data.users.some((u) => u.name === username)}
      hold
    >
      <Stack gap="md" maw={560}>
        <ScreenHeader
          title={username}
          intro={t('user_detail.intro', { name })}
          back={{ to: detailPath, label: t('back_to_database', { name }) }}
        />
        <ChangeServicePassword
          username={userPart(username)}
          change={change}
          errorText={(error) => databaseErrorText(t, error)}
          invalidText={t('error.invalid_password')}
        />
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="db-user-delete"
        >
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h4" id="db-user-delete">
              {t('user_detail.delete_title')}
            </Title>
            <Text size="sm">{t('user_detail.delete_text')}</Text>
            {remove.isError && <FormError message={databaseErrorText(t, remove.error)} />}
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={onDelete}
              loading={remove.isPending}
            >
              {t('user_detail.delete')}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </OnlyIfExists>
  );
}
