import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error.tsx';
import { PageLoader } from './page-loader.tsx';
import { isApiError } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Whether trying again can help: a network failure or a server fault can pass, a refusal
 * (403, 404, 4xx) answers the same every time.
 */
export function canRetry(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/** Loading, failure (retry only where it can help) or the content of a screen that waits for a query. */
export function QueryState({ query, children }: { query: QueryLike; children: () => ReactNode }) {
  const { t } = useTranslation('common');
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormError message={errorText(t, query.error)} />
        {canRetry(query.error) && (
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        )}
      </Stack>
    );
  }
  return <>{children()}</>;
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Paper withBorder p="lg">
      <Text c="dimmed">{text}</Text>
    </Paper>
  );
}
