import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { databases } from '@haven/contract';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { routePath } from '../../app/routes.ts';
import { useCreateDatabase, useDatabases } from './api.ts';
import { BackLink } from './back-link.tsx';
import { databaseErrorText, fieldOfError, fieldText } from './database-errors.ts';
import { PrefixedNameInput } from './prefixed-name-input.tsx';
import {
  ServicePasswordFields,
  passwordRepeat,
  refineServicePassword,
} from '../../components/password/service-password.tsx';
import { UnavailableNotice } from './unavailable-notice.tsx';

// The add screen always makes the first user too (specs), so here the contract's optional pair is required.
const schema = z
  .object({
    name: databases.databaseNamePart,
    username: databases.databaseUserPart,
    password: databases.createDatabaseUserBody.shape.password,
    password_repeat: passwordRepeat,
  })
  .superRefine((value, ctx) => refineServicePassword(() => value.username)(value, ctx));

type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** A new database with its first user; the names get the customer's prefix. */
export function DatabaseAddPage() {
  const { t } = useTranslation('databases');
  usePageTitle(t('add.title'));
  const { domain = '' } = useParams();
  const navigate = useNavigate();
  const list = useDatabases(domain);
  const create = useCreateDatabase(domain);
  const prefix = list.data?.prefix ?? null;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', username: '', password: '', password_repeat: '' },
  });
  const username = form.watch('username');

  /** The database was made, its user not: continue to the detail, which says so (specs). */
  async function openPassed(name: string, code: string) {
    const made = prefix ?? (await list.refetch()).data?.prefix;
    if (made)
      void navigate(
        routePath('databasedetail', { domain, name: `${made}${name}`, error_passed: code }),
      );
  }

  const onSubmit = form.handleSubmit(({ name, username: user, password }) => {
    if (create.isPending) return;
    create.mutate(
      { name, username: user, password },
      {
        onSuccess: ({ database }) => {
          toast.success(t('add.created', { name: database.name }));
          void navigate(routePath('databasedetail', { domain, name: database.name }));
        },
        onError: (error) => {
          const code = errorCode(error);
          if (code.startsWith('passed_')) {
            void openPassed(name, code);
            return;
          }
          const field = fieldOfError(error);
          if (field) form.setError(field, { type: 'server', message: code }, { shouldFocus: true });
        },
      },
    );
  });

  const errors = form.formState.errors;
  const showFormError = create.isError && !fieldOfError(create.error);

  return (
    <Stack gap="md" maw={560}>
      <BackLink to={routePath('database', { domain })} label={t('back_to_list')} />
      <Title order={1} size="h2">
        {t('add.title')}
      </Title>
      <Text c="dimmed">{t('add.intro')}</Text>
      {list.data && !list.data.available && <UnavailableNotice />}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {showFormError && <FormError message={databaseErrorText(t, create.error)} />}
            <Controller
              control={form.control}
              name="name"
              render={({ field }) => (
                <PrefixedNameInput
                  label={t('fields.name')}
                  prefix={prefix}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  inputRef={field.ref}
                  maxLength={databases.DATABASE_PART_MAX}
                  error={fieldText(t, errors.name?.message, t('fields.name'))}
                />
              )}
            />
            <Title order={2} size="h4" mt="xs">
              {t('add.first_user')}
            </Title>
            <Controller
              control={form.control}
              name="username"
              render={({ field }) => (
                <PrefixedNameInput
                  label={t('fields.username')}
                  prefix={prefix}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  inputRef={field.ref}
                  maxLength={databases.DATABASE_USER_PART_MAX}
                  error={fieldText(t, errors.username?.message, t('fields.username'))}
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
                {t('add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
