import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import * as auth from '@haven/contract/auth';
import { FormError } from '../../components/form-error.tsx';
import { passwordRepeat, refineNewPassword } from '../../components/password/password-schema.ts';
import { PasswordWithRepeat } from '../../components/password/password-with-repeat.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorCode, errorText } from '../../lib/error-text.ts';
import { useResetPassword } from './api.ts';
import { SubmitRow } from '../../components/submit-row.tsx';

interface Props {
  token: string;
  username: string | undefined;
  onExpired: () => void;
  onDone: () => void;
}

export function ResetPasswordForm({ token, username, onExpired, onDone }: Props) {
  const { t } = useTranslation('login');
  const reset = useResetPassword();
  const schema = useMemo(
    () =>
      auth.passwordForgottenUpdate.body
        .pick({ password: true })
        .extend({ password_repeat: passwordRepeat })
        .superRefine(refineNewPassword(username)),
    [username],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', password_repeat: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) => {
    if (reset.isPending) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (errorCode(error) === 'expired') onExpired();
        },
      },
    );
  });

  // The policy refusal may come as the area code or as a field code of a validation answer.
  const refused =
    errorCode(reset.error) === 'invalid_password' ||
    (isApiError(reset.error) && reset.error.fields.password === 'invalid_password');
  const message = !reset.isError
    ? null
    : refused
      ? t('invalid_new_password')
      : errorText(t, reset.error);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormError message={message} />
        <PasswordWithRepeat
          control={form.control}
          name="password"
          repeatName="password_repeat"
          label={t('form.new_password')}
          repeatLabel={t('form.new_password_repeat')}
          username={username}
        />
        <SubmitRow label={t('change_submit')} pending={reset.isPending} />
      </Stack>
    </form>
  );
}
