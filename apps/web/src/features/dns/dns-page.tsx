import { useCallback, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type * as dns from '@haven/contract/dns';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { toast } from '../../components/toast.ts';
import { routePath } from '../../lib/paths.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useDeleteRecord, useDnsAvailable, useDnsList } from './api.ts';
import { dnsErrorText } from './dns-error.ts';
import { RecordEditModal } from './record-edit-modal.tsx';
import { RecordList } from './record-list.tsx';
import { recordValue } from './record-row.tsx';
import { ResetButton, ZoneFileButton } from './zone-tools.tsx';
import { ZoneServed } from './zone-served.tsx';

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

  // Stable, so that the memoised list does not render again when a dialog opens.
  const { mutate: removeRecord } = remove;
  const askDelete = useCallback(
    (r: dns.DnsRecord) =>
      confirmDelete({
        name: `${r.record} ${r.domain} ${recordValue(r)}`.trim(),
        message: t('delete.confirm', { name: `${r.record} ${r.domain} ${recordValue(r)}`.trim() }),
        onConfirm: () => {
          setPageError(null);
          removeRecord(r.id, {
            onSuccess: () => toast.success(t('delete.done')),
            onError: setPageError,
          });
        },
      }),
    [t, removeRecord],
  );

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
            <RecordList zone={zone} domain={domain} onEdit={setEditing} onDelete={askDelete} />
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
