import { zodResolver } from '@hookform/resolvers/zod';
import { Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as databases from '@haven/contract/databases';
import { AddFormScreen } from '../../components/add-form-screen.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useCreateDatabase, useDatabases } from './api.ts';
import { databaseErrorText, fieldOfError } from './database-errors.ts';
import { DatabaseUserFields } from './database-user-fields.tsx';
import { PrefixedNameField } from './prefixed-name-input.tsx';
import { passwordRepeat } from '../../components/password/password-schema.ts';
import { refineServicePassword } from '../../components/password/service-password.tsx';
import { UnavailableNotice } from './unavailable-notice.tsx';
import { DatabaseLimitNotice, usageOf } from './database-usage.tsx';

// The add screen always makes the first user too (specs), so here the contract's optional pair is required.
const body = databases.createDatabaseBody;
const schema = body
  .safeExtend({
    username: body.shape.username.unwrap(),
    password: body.shape.password.unwrap(),
    password_repeat: passwordRepeat,
  })
  .superRefine((value, ctx) => refineServicePassword(() => value.username)(value, ctx));

type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** A new database with its first user; the names get the customer's prefix. */
export function DatabaseAddPage() {
  const { t } = useTranslation('databases');
  const { domain = '' } = useParams();
  const navigate = useNavigate();
  const list = useDatabases(domain);
  const create = useCreateDatabase(domain);
  const prefix = list.data?.prefix ?? null;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', username: '', password: '', password_repeat: '' },
  });

  /** The database was made, its user not: continue to the detail, which says so (specs). */
  async function openPassed(name: string, code: string) {
    const made = prefix ?? (await list.refetch()).data?.prefix;
    if (made)
      void navigate(
        routePath('databasedetail', { domain, name: `${made}${name}`, error_passed: code }),
      );
  }

  const onSubmit = form.handleSubmit(({ name, username: user, password }) => {
    if (create.isPending || (list.data && usageOf(list.data).full)) return;
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

  const showFormError = create.isError && !fieldOfError(create.error);
  const full = list.data ? usageOf(list.data).full : false;

  return (
    <AddFormScreen
      header={{
        title: t('add.title'),
        intro: t('add.intro'),
        back: { to: routePath('database', { domain }), label: t('back_to_list') },
      }}
      notice={
        <>
          {list.data && !list.data.available && <UnavailableNotice />}
          <DatabaseLimitNotice list={list.data} />
        </>
      }
      onSubmit={onSubmit}
      error={showFormError ? databaseErrorText(t, create.error) : undefined}
      submit={{ label: t('add.submit'), pending: create.isPending, disabled: full }}
    >
      <PrefixedNameField
        control={form.control}
        name="name"
        label={t('fields.name')}
        prefix={prefix}
        maxLength={databases.DATABASE_PART_MAX}
      />
      <Title order={2} size="h4" mt="xs">
        {t('add.first_user')}
      </Title>
      <DatabaseUserFields control={form.control} name="username" prefix={prefix} />
    </AddFormScreen>
  );
}
