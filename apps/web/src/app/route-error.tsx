import { Alert, Button, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { canRetry } from '../components/query-state.tsx';
import { isApiError } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';

/**
 * Unknown paths get the 404 page; a screen that crashed or failed to load offers a reload. A
 * refusal (403 and the other 4xx) answers the same after a reload: it says why, without one.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common', { useSuspense: false });
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const refused = isRouteErrorResponse(error) ? error.status < 500 : !canRetry(error);
  if (refused) {
    return (
      <Center mih="60vh" p="md">
        <Alert color="red" maw={480} title={t('route_error.title')} role="alert">
          {isApiError(error) ? errorText(t, error) : t('errors:forbidden')}
        </Alert>
      </Center>
    );
  }
  return (
    <Center mih="60vh" p="md">
      <Stack maw={480}>
        <Alert color="red" title={t('route_error.title')} role="alert">
          {t('route_error.text')}
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('route_error.reload')}</Button>
      </Stack>
    </Center>
  );
}
