import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, Switch, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import * as lists from '@haven/contract/mail-lists';
import { serverErrors } from '../../../components/add-form-screen.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PasswordWithRepeat } from '../../../components/password/password-with-repeat.tsx';
import { refinePasswordPolicy } from '../../../components/password/password-schema.ts';
import { SubmitRow } from '../../../components/submit-row.tsx';
import { toast } from '../../../components/toast.ts';
import { useUpdateList } from './api.ts';
import { listErrorText, listFieldText } from './list-errors.ts';

type Input = z.input<typeof lists.updateListBody>;
type Output = z.output<typeof lists.updateListBody>;

/** A list's admin, password (empty keeps it) and active flag. */
export function ListSettingsForm({ domain, list }: { domain: string; list: lists.MailList }) {
  const { t } = useTranslation('mail-lists');
  const update = useUpdateList(domain, list.name);
  // The server judges the policy with the list's name as the user name; so does the form.
  const schema = useMemo(
    () => lists.updateListBody.superRefine(refinePasswordPolicy(list.name)),
    [list.name],
  );
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: {
      admin_email: list.admin_email,
      password: '',
      passwordRepeat: '',
      active: list.active,
    },
  });
  const errors = serverErrors(
    form.setError,
    { invalid_password: 'password' },
    (e) => listErrorText(t, e),
    { shown: ['admin_email', 'password'] },
  );
  const onSubmit = form.handleSubmit((v) => {
    if (update.isPending) return;
    update.mutate(v, {
      onSuccess: () => {
        toast.success(t('saved'));
        form.reset({ ...v, password: '', passwordRepeat: '' });
      },
      onError: errors.onError,
    });
  });
  const formError = errors.formError(update);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={640}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('settings')}
          </Title>
          {formError && <FormError message={formError} />}
          <TextInput
            type="email"
            label={t('fields.admin_email')}
            description={t('fields.admin_hint')}
            {...form.register('admin_email')}
            error={listFieldText(
              t,
              form.formState.errors.admin_email?.message,
              t('fields.admin_email'),
            )}
            required
          />
          <PasswordWithRepeat
            control={form.control}
            name="password"
            repeatName="passwordRepeat"
            label={t('fields.new_password')}
            repeatLabel={t('fields.password_repeat')}
            username={list.name}
            optional
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
          <SubmitRow label={t('save')} pending={update.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
