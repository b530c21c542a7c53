import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { databases } from '@haven/contract';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { routePath } from '../../app/routes.ts';
import { useCreateDatabaseUser, useDatabases } from './api.ts';
import { BackLink } from './back-link.tsx';
import { databaseErrorText, fieldOfError, fieldText } from './database-errors.ts';
import { PrefixedNameInput } from './prefixed-name-input.tsx';
import {
  ServicePasswordFields,
  passwordRepeat,
  refineServicePassword,
} from '../../components/password/service-password.tsx';

const schema = databases.createDatabaseUserBody
  .extend({ password_repeat: passwordRepeat })
  .superRefine((value, ctx) => refineServicePassword(() => value.name)(value, ctx));

type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** Another user for a database: all privileges on this database only. */
export function DatabaseUserAddPage() {
  const { t } = useTranslation('databases');
  usePageTitle(t('user_add.title'));
  const { domain = '', name = '' } = useParams();
  const navigate = useNavigate();
  const list = useDatabases(domain);
  const create = useCreateDatabaseUser(domain, name);
  const detailPath = routePath('databasedetail', { domain, name });
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', password: '', password_repeat: '' },
  });
  const username = form.watch('name');

  const onSubmit = form.handleSubmit(({ name: user, password }) => {
    if (create.isPending) return;
    create.mutate(
      { name: user, password },
      {
        onSuccess: (created) => {
          toast.success(t('user_add.created', { name: created.name }));
          void navigate(detailPath);
        },
        onError: (error) => {
          const field = fieldOfError(error);
          // This form's name field is the user's name.
          const target =
            field === 'username' ? 'name' : field === 'password' ? 'password' : undefined;
          if (target)
            form.setError(
              target,
              { type: 'server', message: errorCode(error) },
              { shouldFocus: true },
            );
        },
      },
    );
  });

  const errors = form.formState.errors;
  const fieldOwned =
    fieldOfError(create.error) === 'username' || fieldOfError(create.error) === 'password';

  return (
    <Stack gap="md" maw={560}>
      <BackLink to={detailPath} label={t('back_to_database', { name })} />
      <Title order={1} size="h2">
        {t('user_add.title')}
      </Title>
      <Text c="dimmed" style={{ wordBreak: 'break-word' }}>
        {t('user_add.intro', { name })}
      </Text>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {create.isError && !fieldOwned && (
              <FormError message={databaseErrorText(t, create.error)} />
            )}
            <Controller
              control={form.control}
              name="name"
              render={({ field }) => (
                <PrefixedNameInput
                  label={t('fields.username')}
                  prefix={list.data?.prefix ?? null}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  inputRef={field.ref}
                  maxLength={databases.DATABASE_USER_PART_MAX}
                  error={fieldText(t, errors.name?.message, t('fields.username'))}
                />
              )}
            />
            <ServicePasswordFields
              control={form.control}
              invalidText={t('error.invalid_password')}
              label={t('fields.password')}
              repeatLabel={t('fields.password_repeat')}
              username={username.trim().toLowerCase() || undefined}
            />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={create.isPending}>
                {t('user_add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
