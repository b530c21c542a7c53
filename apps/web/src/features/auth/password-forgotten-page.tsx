import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import * as auth from '@haven/contract/auth';
import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { validationMessage } from '../../lib/validation.ts';
import { routePath } from '../../lib/paths.ts';
import { usePasswordForgotten } from './api.ts';

const schema = auth.passwordForgotten.body.pick({ domain: true });
type Values = z.output<typeof schema>;

export function PasswordForgottenPage() {
  const { t } = useTranslation('login');
  usePageTitle(t('forgotten_title'));
  const [search] = useSearchParams();
  const request = usePasswordForgotten();
  const form = useForm<z.input<typeof schema>, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { domain: search.get('domain') ?? '' },
  });

  const onSubmit = form.handleSubmit(({ domain }) => {
    if (request.isPending) return;
    request.mutate({ domain, language: currentLanguage() });
  });

  const backToLogin = (
    <Anchor component={Link} to={routePath('login')} size="sm">
      {t('back_to_login')}
    </Anchor>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('forgotten_title')}
      </Title>
      {request.isSuccess ? (
        <>
          <Alert color="teal" role="status">
            {t('password_forgotten_send')}
          </Alert>
          {backToLogin}
        </>
      ) : (
        <>
          <Text size="sm">{t('forgotten_intro')}</Text>
          {request.isError && <FormError message={errorText(t, request.error, ['login:'])} />}
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('form.domain')}
                placeholder={t('form.domain_placeholder')}
                autoComplete="url"
                autoCapitalize="none"
                spellCheck={false}
                required
                error={validationMessage(
                  t,
                  form.formState.errors.domain?.message,
                  t('form.domain'),
                )}
                {...form.register('domain')}
              />
              <Group justify="space-between" mt="xs" wrap="wrap-reverse">
                {backToLogin}
                <Button type="submit" loading={request.isPending}>
                  {t('forgotten_submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}
