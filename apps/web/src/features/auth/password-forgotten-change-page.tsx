import { useState } from 'react';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { routePath } from '../../lib/paths.ts';
import { useResetToken } from './api.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';

/** Specs §4: validating, then valid (domain known) or invalid; after the change, done. */
export type ResetState = 'validating' | 'valid' | 'invalid' | 'done';

export function PasswordForgottenChangePage() {
  const { t } = useTranslation('login');
  usePageTitle(t('change_title'));
  const { token = '' } = useParams();
  const check = useResetToken(token);
  const [outcome, setOutcome] = useState<'expired' | 'done' | null>(null);
  const domain = check.data?.domain ?? '';

  let state: ResetState = 'validating';
  if (outcome === 'done') state = 'done';
  else if (outcome === 'expired' || check.isError || (check.isSuccess && !domain))
    state = 'invalid';
  else if (check.isSuccess) state = 'valid';

  const loginLink = (
    <Anchor
      component={Link}
      to={`${routePath('login')}${domain ? `?domain=${encodeURIComponent(domain)}` : ''}`}
    >
      {t('to_login')}
    </Anchor>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('change_title')}
      </Title>
      {state === 'validating' && <PageLoader />}
      {state === 'invalid' && (
        <>
          <Alert color="red" role="alert">
            {t('forgotten_invalid')}
          </Alert>
          <Anchor component={Link} to={routePath('password-forgotten')}>
            {t('forgotten_again')}
          </Anchor>
        </>
      )}
      {state === 'valid' && (
        <>
          <Text>
            {t('change_for')} <strong>{domain}</strong>
          </Text>
          <ResetPasswordForm
            token={token}
            username={check.data?.username}
            onExpired={() => setOutcome('expired')}
            onDone={() => setOutcome('done')}
          />
        </>
      )}
      {state === 'done' && (
        <>
          <Alert color="teal" role="status">
            {t('password_changed')}
          </Alert>
          {loginLink}
        </>
      )}
    </Stack>
  );
}
