import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { VALIDATION } from '@haven/contract/shared';
import { servicePasswordBody } from '@haven/contract/webhosting';
import { FormError } from '../form-error.tsx';
import { toast } from '../toast.ts';
import { errorCode } from '../../lib/error-text.ts';
import { passwordRepeat } from './password-schema.ts';
import { refineServicePassword, ServicePasswordFields } from './service-password.tsx';
import { SubmitRow } from '../submit-row.tsx';

interface Props {
  /** The name the password must not contain (for a database user, the part after the prefix). */
  username: string;
  /** The area's password mutation: web user, protected-directory user, database user. */
  change: UseMutationResult<unknown, Error, string>;
  /** A refusal in the area's own words (its error catalogue). */
  errorText: (error: unknown) => string;
  /** The area's text for `invalid_password`. */
  invalidText: string;
}

/** A card that gives an existing service user a new password, with its repeat. */
export function ChangeServicePassword({ username, change, errorText, invalidText }: Props) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const schema = servicePasswordBody
    .extend({ password_repeat: passwordRepeat })
    .superRefine(refineServicePassword(() => username));
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', password_repeat: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) => {
    if (change.isPending) return;
    change.mutate(password, {
      onSuccess: () => {
        toast.success(t('service_password.changed'));
        form.reset({ password: '', password_repeat: '' });
      },
      onError: (error) => {
        if (errorCode(error) === 'invalid_password') {
          form.setError(
            'password',
            { type: 'server', message: VALIDATION.invalidPassword },
            { shouldFocus: true },
          );
        }
      },
    });
  });
  const fieldOwned = change.isError && errorCode(change.error) === 'invalid_password';

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {t('service_password.title')}
          </Title>
          {change.isError && !fieldOwned && <FormError message={errorText(change.error)} />}
          <ServicePasswordFields
            control={form.control}
            label={t('service_password.new')}
            repeatLabel={t('service_password.repeat')}
            username={username}
            invalidText={invalidText}
          />
          <SubmitRow label={t('service_password.submit')} pending={change.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
