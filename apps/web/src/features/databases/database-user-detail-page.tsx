import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { databases } from '@haven/contract';
import { confirmDialog } from '../../components/confirm-dialog.ts';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode } from '../../lib/error-text.ts';
import { routePath } from '../../app/routes.ts';
import { useChangeDatabaseUserPassword, useDeleteDatabaseUser } from './api.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { databaseErrorText } from './database-errors.ts';
import {
  ServicePasswordFields,
  passwordRepeat,
  refineServicePassword,
} from '../../components/password/service-password.tsx';

/** The part after the prefix, which the password must not contain. */
const userPart = (full: string) => full.slice(full.indexOf('_') + 1);

/** One database user: a new password, or deleting it (after confirmation). */
export function DatabaseUserDetailPage() {
  const { t } = useTranslation('databases');
  const { domain = '', name = '', username = '' } = useParams();
  const navigate = useNavigate();
  const change = useChangeDatabaseUserPassword(domain, name, username);
  const remove = useDeleteDatabaseUser(domain, name);
  const detailPath = routePath('databasedetail', { domain, name });

  const schema = databases.changeDatabaseUserPasswordBody
    .extend({ password_repeat: passwordRepeat })
    .superRefine(refineServicePassword(() => userPart(username)));
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', password_repeat: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) => {
    if (change.isPending) return;
    change.mutate(password, {
      onSuccess: () => {
        toast.success(t('user_detail.saved'));
        form.reset();
      },
      onError: (error) => {
        if (errorCode(error) === 'invalid_password')
          form.setError(
            'password',
            { type: 'server', message: 'invalid_password' },
            { shouldFocus: true },
          );
      },
    });
  });

  const onDelete = () =>
    confirmDialog({
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
    <Stack gap="md" maw={560}>
      <ScreenHeader
        title={username}
        intro={t('user_detail.intro', { name })}
        back={{ to: detailPath, label: t('back_to_database', { name }) }}
      />
      <Paper
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="db-user-password"
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Title order={2} size="h4" id="db-user-password">
              {t('user_detail.password_title')}
            </Title>
            {change.isError && errorCode(change.error) !== 'invalid_password' && (
              <FormError message={databaseErrorText(t, change.error)} />
            )}
            <ServicePasswordFields
              control={form.control}
              invalidText={t('error.invalid_password')}
              label={t('fields.new_password')}
              repeatLabel={t('fields.new_password_repeat')}
              username={userPart(username)}
            />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={change.isPending}>
                {t('user_detail.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
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
  );
}
