import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as databases from '@haven/contract/databases';
import { AddFormScreen } from '../../components/add-form-screen.tsx';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useCreateDatabaseUser, useDatabase, useDatabases } from './api.ts';
import { databaseErrorText, fieldOfError } from './database-errors.ts';
import { DatabaseUserFields } from './database-user-fields.tsx';
import { passwordRepeat } from '../../components/password/password-schema.ts';
import { refineServicePassword } from '../../components/password/service-password.tsx';

const schema = databases.createDatabaseUserBody
  .extend({ password_repeat: passwordRepeat })
  .superRefine((value, ctx) => refineServicePassword(() => value.name)(value, ctx));

type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** Another user for a database: all privileges on this database only. */
export function DatabaseUserAddPage() {
  const { t } = useTranslation('databases');
  const { domain = '', name = '' } = useParams();
  const navigate = useNavigate();
  const list = useDatabases(domain);
  const database = useDatabase(domain, name);
  const create = useCreateDatabaseUser(domain, name);
  const detailPath = routePath('databasedetail', { domain, name });
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', password: '', password_repeat: '' },
  });

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

  const fieldOwned =
    fieldOfError(create.error) === 'username' || fieldOfError(create.error) === 'password';

  return (
    <OnlyIfExists query={database} hold>
      <AddFormScreen
        header={{
          title: t('user_add.title'),
          intro: t('user_add.intro', { name }),
          back: { to: detailPath, label: t('back_to_database', { name }) },
        }}
        onSubmit={onSubmit}
        error={create.isError && !fieldOwned ? databaseErrorText(t, create.error) : undefined}
        submit={{ label: t('user_add.submit'), pending: create.isPending }}
      >
        <DatabaseUserFields control={form.control} name="name" prefix={list.data?.prefix ?? null} />
      </AddFormScreen>
    </OnlyIfExists>
  );
}
