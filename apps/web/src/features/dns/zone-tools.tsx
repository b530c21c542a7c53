import { useState } from 'react';
import { Button, CopyButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileText, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { toast } from '../../components/toast.ts';
import { useResetPreview, useResetZone, useZoneFile } from './api.ts';
import { dnsErrorText } from './dns-error.ts';
import { ResetChanges } from './reset-changes.tsx';

/** "Copy as zone file": the zone in BIND format (TTL 899), to take it elsewhere. */
export function ZoneFileButton({ domain }: { domain: string }) {
  const { t } = useTranslation('dns');
  const [open, setOpen] = useState(false);
  const zone = useZoneFile(domain, open);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileText size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('zone_file.open')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('zone_file.title')} size="xl">
        <Stack gap="sm">
          <Text size="sm">{t('zone_file.intro', { domain })}</Text>
          <Textarea
            label={t('zone_file.label')}
            value={zone.data?.zone_file ?? t('zone_file.loading')}
            readOnly
            autosize
            minRows={8}
            maxRows={20}
            styles={{
              input: {
                fontFamily: 'monospace',
                fontSize: 12,
                whiteSpace: 'pre',
                overflowX: 'auto',
              },
            }}
          />
          <Group justify="flex-end">
            <CopyButton value={zone.data?.zone_file ?? ''}>
              {({ copied, copy }) => (
                <Button onClick={copy} disabled={!zone.data} color={copied ? 'teal' : undefined}>
                  {copied ? t('zone_file.copied') : t('zone_file.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Reset to the provider's defaults, after a confirmation that says what goes and what stays. */
export function ResetButton({
  domain,
  onError,
}: {
  domain: string;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('dns');
  const preview = useResetPreview(domain);
  const reset = useResetZone(domain);

  const ask = async () => {
    let changes: dns.DnsResetPreview;
    try {
      changes = await preview.mutateAsync();
    } catch (error) {
      onError(error);
      return;
    }
    modals.openConfirmModal({
      title: t('reset.title'),
      children: <ResetChanges changes={changes} />,
      labels: { confirm: t('reset.confirm'), cancel: t('common:confirm.cancel') },
      confirmProps: { color: 'red' },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () =>
        reset.mutate(undefined, {
          onSuccess: () => toast.success(t('reset.done')),
          onError: (error) => toast.error(dnsErrorText(t, error)),
        }),
    });
  };

  return (
    <Button
      variant="default"
      color="red"
      leftSection={<IconRestore size={16} aria-hidden />}
      loading={preview.isPending || reset.isPending}
      onClick={() => void ask()}
    >
      {t('reset.open')}
    </Button>
  );
}
