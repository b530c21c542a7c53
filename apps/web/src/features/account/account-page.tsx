import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as account from '@haven/contract/account';
import { FormError } from '../../components/form-error.tsx';
import { PasswordField } from '../../components/password/password-field.tsx';
import { passwordRepeat, refineNewPassword } from '../../components/password/password-schema.ts';
import { PasswordWithRepeat } from '../../components/password/password-with-repeat.tsx';
import { toast } from '../../components/toast.ts';
import { isApiError } from '../../lib/api.ts';
import { authStore } from '../../lib/auth-store.ts';
import { errorCode, errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useUser } from '../../lib/user.ts';
import { applyFieldErrors } from '../../lib/validation.ts';
import { routePath } from '../../lib/paths.ts';
import { useUpdatePassword } from './api.ts';
import { SubmitRow } from '../../components/submit-row.tsx';

const FIELD_CODES: Record<string, 'current_password' | 'password'> = {
  invalid_current_password: 'current_password',
  invalid_password: 'password',
};

/** Change the own password; a fresh token replaces the old (other sessions end). */
export function AccountPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('title'));
  const { domain = '' } = useParams();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const update = useUpdatePassword(domain);
  const username = user?.email.split('@')[0];

  const schema = useMemo(
    () =>
      account.updatePasswordBody
        .extend({ password_repeat: passwordRepeat })
        .superRefine(refineNewPassword(username)),
    [username],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', password: '', password_repeat: '' },
  });

  const onSubmit = form.handleSubmit(({ current_password, password }) => {
    if (update.isPending) return;
    update.mutate(
      { current_password, password },
      {
        onSuccess: ({ token }) => {
          authStore.setToken(token);
          toast.success(t('saved'));
          void navigate(routePath('real-dashboard'));
        },
        onError: (error) => {
          const field = FIELD_CODES[errorCode(error)];
          if (field) form.setError(field, { type: 'server', message: errorCode(error) });
          else if (isApiError(error))
            applyFieldErrors(form.setError, error.fields, ['current_password', 'password']);
        },
      },
    );
  });

  const fieldOwned =
    update.isError &&
    (FIELD_CODES[errorCode(update.error)] ||
      (isApiError(update.error) && Object.keys(update.error.fields).length > 0));
  const currentError = form.formState.errors.current_password?.message;

  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed">{t('intro', { domain })}</Text>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {update.isError && !fieldOwned && (
              <FormError message={errorText(t, update.error, ['account:error.'])} />
            )}
            <Controller
              control={form.control}
              name="current_password"
              render={({ field }) => (
                <PasswordField
                  label={t('current_password')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  required
                  autoComplete="current-password"
                  error={
                    currentError &&
                    t([`error.${currentError}`, `validations:${currentError}`], {
                      field: t('current_password'),
                    })
                  }
                />
              )}
            />
            <PasswordWithRepeat
              control={form.control}
              name="password"
              repeatName="password_repeat"
              label={t('new_password')}
              repeatLabel={t('new_password_repeat')}
              username={username}
            />
            <SubmitRow label={t('submit')} pending={update.isPending} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
