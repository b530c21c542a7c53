import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { VALIDATION } from '@haven/contract';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode, errorText } from '../../lib/error-text.ts';
import { refineServicePassword, ServicePasswordFields } from '../../components/password/service-password.tsx';

interface Props {
  username: string;
  // Any of this area's password mutations: web user or protected-directory user.
  change: UseMutationResult<unknown, Error, string>;
  /** The catalogue's prefixes for this area's errors. */
  errorPrefixes: readonly string[];
  /** The text of `invalid_password` in this area. */
  invalidText: string;
}

/** A new service password for an existing user, with its repeat. */
export function ChangePasswordForm({ username, change, errorPrefixes, invalidText }: Props) {
  const { t } = useTranslation('webhosting');
  const schema = z
    .object({ password: z.string().min(1, VALIDATION.required), password_repeat: z.string() })
    .superRefine(refineServicePassword(() => username));
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', password_repeat: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) => {
    if (change.isPending) return;
    change.mutate(password, {
      onSuccess: () => {
        toast.success(t('password.changed'));
        form.reset({ password: '', password_repeat: '' });
      },
      onError: (error) => {
        if (errorCode(error) === 'invalid_password') {
          form.setError('password', { type: 'server', message: VALIDATION.invalidPassword }, { shouldFocus: true });
        }
      },
    });
  });
  const fieldOwned = change.isError && errorCode(change.error) === 'invalid_password';

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="change-password-title">
            {t('password.change_title')}
          </Title>
          {change.isError && !fieldOwned && <FormError message={errorText(t, change.error, errorPrefixes)} />}
          <ServicePasswordFields
            control={form.control}
            label={t('password.new')}
            repeatLabel={t('password.repeat')}
            username={username}
            invalidText={invalidText}
          />
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
