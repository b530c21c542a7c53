import { Alert, Button, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';

/** Unknown paths get the 404 page; a screen that crashed or failed to load offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common', { useSuspense: false });
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
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
