import { Anchor, Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@haven/contract/shared';
import type { LoginField } from '@haven/contract/auth';
import { FormError } from '../../components/form-error.tsx';
import { PasswordField } from '../../components/password/password-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { authStore } from '../../lib/auth-store.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { validationMessage } from '../../lib/validation.ts';
import { routePath } from '../../lib/paths.ts';
import { returnTarget } from '../../lib/return-path.ts';
import { normaliseDomain, useDomainPackage, useLogin } from './api.ts';
import { loginErrorText } from './login-error.ts';
import { useLoginForm } from './use-login-form.ts';

export function LoginPage() {
  const { t } = useTranslation('login');
  usePageTitle(t('title'));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const login = useLogin();

  const form = useLoginForm({
    domain: search.get('domain') ?? '',
    username: '',
    password: '',
    bestelcode: '',
  });
  const { domain } = form.values;
  // Specs: the lookup waits 500 ms after the last keystroke.
  const [settledDomain] = useDebouncedValue(domain, LIMITS.domainPackageDebounceMs);
  const domainPackage = useDomainPackage(settledDomain);
  const packageType = domainPackage.data?.package;

  const onSubmit = form.handleSubmit((body) => {
    if (login.isPending) return;
    login.mutate(body, {
      onSuccess: ({ token }) => {
        authStore.setToken(token);
        authStore.storeDomain(body.domain);
        void navigate(returnTarget(state, routePath('real-dashboard')), { replace: true });
      },
      onError: (error) => {
        if (isApiError(error)) form.showFieldErrors(error.fields);
      },
    });
  });

  const fieldError = (name: LoginField, label: string) =>
    validationMessage(t, form.errors[name], label);
  const showAlert =
    login.isError && !(isApiError(login.error) && Object.keys(login.error.fields).length > 0);
  const forgottenLink = `${routePath('password-forgotten')}${domain ? `?domain=${encodeURIComponent(normaliseDomain(domain))}` : ''}`;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {showAlert && <FormError message={loginErrorText(t, login.error)} />}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('form.domain')}
            placeholder={t('form.domain_placeholder')}
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={fieldError('domain', t('form.domain'))}
            description={
              <span aria-live="polite">
                {packageType && (
                  <Badge component="span" variant="light" size="sm">
                    {t(`package.${packageType}`)}
                  </Badge>
                )}
              </span>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.field('domain')}
          />
          <TextInput
            label={t('form.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={fieldError('username', t('form.username'))}
            {...form.field('username')}
          />
          <PasswordField
            label={t('form.password')}
            name="password"
            value={form.values.password}
            onChange={(value) => form.setValue('password', value)}
            inputRef={form.inputRef('password')}
            required
            autoComplete="current-password"
            error={fieldError('password', t('form.password'))}
          />
          <TextInput
            label={t('form.bestelcode')}
            description={t('form.bestelcode_help')}
            autoComplete="off"
            error={fieldError('bestelcode', t('form.bestelcode'))}
            {...form.field('bestelcode')}
          />
          <Group justify="space-between" mt="xs" wrap="wrap-reverse">
            <Anchor component={Link} to={forgottenLink} size="sm">
              {t('forgotten_link')}
            </Anchor>
            <Button type="submit" loading={login.isPending}>
              {t('submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
