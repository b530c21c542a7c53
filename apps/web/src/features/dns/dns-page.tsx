import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type * as dns from '@haven/contract/dns';
import { confirmDialog } from '../../components/confirm-dialog.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { toast } from '../../components/toast.ts';
import { routePath } from '../../app/routes.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useDeleteRecord, useDnsAvailable, useDnsList } from './api.ts';
import { dnsErrorText } from './dns-error.ts';
import { RecordEditModal } from './record-edit-modal.tsx';
import { RecordRow, recordValue } from './record-row.tsx';
import { ResetButton, ZoneFileButton } from './zone-tools.tsx';
import { ZoneServed } from './zone-served.tsx';

/** Rows per type, in the order the server sorted them. */
function groups(records: readonly dns.DnsRecord[]): [dns.RecordType, dns.DnsRecord[]][] {
  const map = new Map<dns.RecordType, dns.DnsRecord[]>();
  for (const r of records) map.set(r.record, [...(map.get(r.record) ?? []), r]);
  return [...map.entries()];
}

/** The zone of a domain: records per type with edit and delete, reset and the zone file. */
export function DnsPage() {
  const { t } = useTranslation('dns');
  const { domain = '' } = useParams();
  const list = useDnsList(domain);
  const available = useDnsAvailable(domain);
  const remove = useDeleteRecord(domain);
  const [editing, setEditing] = useState<dns.DnsRecord | null>(null);
  const [pageError, setPageError] = useState<unknown>(null);
  const [continued, setContinued] = useState(false);
  const zone = list.data;

  const askDelete = (r: dns.DnsRecord) =>
    confirmDialog({
      message: t('delete.confirm', { name: `${r.record} ${r.domain} ${recordValue(r)}` }),
      onConfirm: () => {
        setPageError(null);
        remove.mutate(r.id, {
          onSuccess: () => toast.success(t('delete.done')),
          onError: setPageError,
        });
      },
    });

  return (
    <Stack gap="md">
      <ScreenHeader title={t('title')} intro={t('intro', { domain })} />
      <ZoneServed domain={domain} />
      {list.isError && <FormError message={dnsErrorText(t, list.error)} />}
      {list.isPending && <PageLoader />}
      {zone?.ns_remote && !continued ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t('notice.ns_remote_title')}
          role="note"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('notice.ns_remote', { domain })}</Text>
            <Button size="xs" onClick={() => setContinued(true)}>
              {t('notice.continue')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        zone && (
          <>
            {zone.has_spamfilter && (
              <Alert
                color="grape"
                variant="light"
                icon={<IconInfoCircle aria-hidden />}
                role="note"
              >
                {t('notice.spamfilter')}
              </Alert>
            )}
            <FormError message={pageError ? dnsErrorText(t, pageError) : null} />
            <Group gap="sm">
              <Button
                component={Link}
                to={routePath('dnsadd', { domain })}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {t('add.open')}
              </Button>
              <ZoneFileButton domain={domain} />
              <ResetButton domain={domain} onError={setPageError} />
            </Group>
            {groups(zone.records).map(([type, rows]) => (
              <Paper
                key={type}
                withBorder
                p={{ base: 'sm', sm: 'md' }}
                component="section"
                aria-labelledby={`dns-type-${type}`}
              >
                <Title order={2} size="h4" id={`dns-type-${type}`}>
                  {t(`type.${type}`)}{' '}
                  <Text span c="dimmed" size="sm">
                    ({rows.length})
                  </Text>
                </Title>
                <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
                  {rows.map((r) => (
                    <RecordRow
                      key={r.id}
                      record={r}
                      domain={domain}
                      lockedBy={
                        zone.has_spamfilter && r.record === 'MX'
                          ? t('error.spamfilter_active')
                          : null
                      }
                      onEdit={setEditing}
                      onDelete={askDelete}
                    />
                  ))}
                </Stack>
              </Paper>
            ))}
          </>
        )
      )}
      <RecordEditModal
        domain={domain}
        record={editing}
        available={available.data}
        zone={zone}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
