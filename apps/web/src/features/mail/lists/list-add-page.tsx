import { zodResolver } from '@hookform/resolvers/zod';
import { Switch, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as lists from '@haven/contract/mail-lists';
import { routePath } from '../../../lib/paths.ts';
import { AddFormScreen, serverErrors } from '../../../components/add-form-screen.tsx';
import { PasswordWithRepeat } from '../../../components/password/password-with-repeat.tsx';
import { refinePasswordPolicy } from '../../../components/password/password-schema.ts';
import { toast } from '../../../components/toast.ts';
import { useCreateList } from './api.ts';
import { listErrorText, listFieldText } from './list-errors.ts';

const schema = lists.createListBody.superRefine((v, ctx) => refinePasswordPolicy(v.name)(v, ctx));
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** A new list: name (lower-cased), admin e-mail, password and repeat, active (specs §3). */
export function ListAddPage() {
  const { t } = useTranslation('mail-lists');
  const { domain = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateList(domain);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', admin_email: '', password: '', passwordRepeat: '', active: true },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const errors = serverErrors(
    form.setError,
    { name_exists: 'name', invalid_password: 'password' },
    (e) => listErrorText(t, e),
    { shown: ['name', 'admin_email', 'password'] },
  );
  const onSubmit = form.handleSubmit((v) => {
    if (create.isPending) return;
    create.mutate(v, {
      onSuccess: (made) => {
        toast.success(t('created', { name: made.address }));
        void navigate(routePath('maillist', { domain }));
      },
      onError: errors.onError,
    });
  });
  const err = form.formState.errors;
  return (
    <AddFormScreen
      header={{
        title: t('add'),
        intro: t('add_intro'),
        back: { to: routePath('maillist', { domain }), label: t('back') },
      }}
      onSubmit={onSubmit}
      error={errors.formError(create)}
      submit={{ label: t('create'), pending: create.isPending }}
    >
      <TextInput
        label={t('fields.name')}
        {...form.register('name')}
        description={t('fields.name_hint', { domain })}
        error={listFieldText(t, err.name?.message, t('fields.name'))}
        autoComplete="off"
        required
      />
      <TextInput
        type="email"
        label={t('fields.admin_email')}
        description={t('fields.admin_hint')}
        {...form.register('admin_email')}
        error={listFieldText(t, err.admin_email?.message, t('fields.admin_email'))}
        autoComplete="off"
        required
      />
      <PasswordWithRepeat
        control={form.control}
        name="password"
        repeatName="passwordRepeat"
        label={t('fields.password')}
        repeatLabel={t('fields.password_repeat')}
        username={name}
      />
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <Switch
            label={t('fields.active')}
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
    </AddFormScreen>
  );
}
