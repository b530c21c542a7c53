import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { SslCertificate } from '@haven/contract/ssl';
import { SSL_PENDING_MAX_HOURS } from '@haven/contract/ssl';
import { FormError } from '../../components/form-error.tsx';
import { LongName } from '../../components/long-name.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useSsl, useStartSsl } from './api.ts';
import { SslNames } from './ssl-names.tsx';

const COLORS: Record<SslCertificate['status'], string> = {
  none: 'gray',
  inactive: 'yellow',
  pending: 'blue',
  active: 'green',
  error: 'red',
};

/**
 * The address as the customer would type it: a test node's link (name.localhost:port) still
 * opens what it serves, but its text is the site's own name.
 */
function customerAddress(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname.replace(/\.localhost$/, '')}/`;
}

function Details({ cert }: { cert: SslCertificate }) {
  const { t } = useTranslation('ssl');
  const language = useLanguage();
  const rows: [string, React.ReactNode][] = [
    [t('field.type'), cert.type ?? '-'],
    [t('field.alg'), cert.alg ?? '-'],
    [t('field.issuer'), cert.issuer ?? '-'],
    [t('field.expiry'), cert.expiresAt ? formatDate(cert.expiresAt, language, true) : '-'],
    [
      t('field.url'),
      cert.url ? (
        <Anchor href={cert.url} target="_blank" rel="noreferrer">
          <LongName>{customerAddress(cert.url)}</LongName>
        </Anchor>
      ) : (
        '-'
      ),
    ],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 110, sm: 180 }}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The domain's certificate: its state, what it covers, and the start (or renew) action. */
export function SslPage() {
  const { t } = useTranslation('ssl');
  const { domain = '' } = useParams();
  const cert = useSsl(domain);
  const start = useStartSsl(domain);
  const data = cert.data;
  const canStart = data && data.status !== 'none' && data.status !== 'pending';
  // "Served securely" only when the certificate names every host name (the list says which).
  const allCovered = !!data && data.coverage.every((c) => c.state === 'covered');
  const explain = (status: SslCertificate['status']) =>
    status === 'active' && !allCovered ? t('explain.active_partial') : t(`explain.${status}`);

  return (
    <Stack gap="md" maw={760}>
      <ScreenHeader title={t('title')} />
      <QueryState query={cert}>
        {() =>
          data && (
            <Paper withBorder p="md">
              <Stack gap="sm">
                <Group gap="sm" wrap="nowrap">
                  {data.status === 'active' && allCovered ? (
                    <IconLock size={22} aria-hidden />
                  ) : (
                    <IconLockOpen size={22} aria-hidden />
                  )}
                  <Text fw={600}>{t('status_label')}</Text>
                  <Badge color={COLORS[data.status]} variant="light" data-testid="ssl-status">
                    {t(`status.${data.status}`)}
                  </Badge>
                </Group>
                <Text>{explain(data.status)}</Text>
                {data.status === 'pending' && (
                  <Alert color="blue" variant="light" title={t('pending.title')}>
                    {t('pending.text', { hours: SSL_PENDING_MAX_HOURS })}
                  </Alert>
                )}
                {data.failure && (
                  <Alert
                    color={data.status === 'active' ? 'yellow' : 'red'}
                    variant="light"
                    title={t('failure.title')}
                  >
                    {t(`failure.${data.failure}`)}
                  </Alert>
                )}
                {/* Only a certificate has details: a row of dashes says nothing. */}
                {data.type !== null && <Details cert={data} />}
                <SslNames coverage={data.coverage} />
                {start.isError && <FormError message={errorText(t, start.error, ['ssl:error.'])} />}
                {canStart && (
                  <Group>
                    <Button loading={start.isPending} onClick={() => start.mutate()}>
                      {data.status === 'active' ? t('action.renew') : t('action.start')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          )
        }
      </QueryState>
    </Stack>
  );
}
