import { memo } from 'react';
import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { LongName } from '../../components/long-name.tsx';
import { isCustomerAddress } from './hosting-address.ts';

interface Props {
  record: dns.DnsRecord;
  /** The zone's domain: a record at another name is a record of a sub-name (isSub). */
  domain: string;
  /** Why the record cannot be changed now (e.g. the spam filter owns the MX records). */
  lockedBy?: string | null;
  onEdit: (record: dns.DnsRecord) => void;
  onDelete: (record: dns.DnsRecord) => void;
}

/** What a record points at, as one line (SRV and CAA carry their extra fields). */
export function recordValue(r: dns.DnsRecord): string {
  switch (r.record) {
    case 'MX':
      return `${r.priority ?? ''} ${r.target ?? r.value}`.trim();
    case 'SRV':
      return `${r.priority ?? ''} ${r.weight ?? 0} ${r.port ?? ''} ${r.target ?? r.value}`;
    case 'CAA':
      return `${r.flags ?? 0} ${r.tag ?? 'issue'} "${r.value}"`;
    case 'FORWARD':
      return `${r.redirect ?? 301} ${r.value}`;
    case 'HOST':
      // The local profile's 127.0.0.1 is the operator's: a confirmation names the record without it.
      return isCustomerAddress(r.value) ? r.value : '';
    default:
      return r.value;
  }
}

/**
 * The specs' DNS record row: name, value, marks, and edit and delete. Memoised: after a change
 * only the changed row renders again, not the page of every type.
 */
export const RecordRow = memo(function RecordRow({
  record: r,
  domain,
  lockedBy = null,
  onEdit,
  onDelete,
}: Props) {
  const { t } = useTranslation('dns');
  const isSub = r.domain !== domain;
  const name = `${r.record} ${r.domain}`;
  const canChange = !r.readonly && lockedBy === null;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      py="xs"
      data-testid="dns-row"
    >
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text fw={600} size="sm">
          <LongName>{r.domain}</LongName>
          {!isSub && (
            <Text span c="dimmed" size="xs" ml={6}>
              {t('row.apex')}
            </Text>
          )}
        </Text>
        {r.record === 'HOST' ? (
          // Words, not a value to type: the address only where the internet can reach it.
          <Text size="sm">
            {isCustomerAddress(r.value)
              ? t('row.host_value', { value: r.value })
              : t('row.host_value_plain')}
          </Text>
        ) : (
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {recordValue(r)}
          </Text>
        )}
        <Group gap={6}>
          <Badge variant="light" color="gray" size="sm">
            {t('row.ttl', { ttl: r.ttl })}
          </Badge>
          {r.isInternal && (
            <Badge size="sm" variant="light" color="teal">
              {t('row.internal')}
            </Badge>
          )}
          {r.isSpamfilter && (
            <Badge size="sm" variant="light" color="grape">
              {t('row.spamfilter')}
            </Badge>
          )}
          {r.isDefault && !r.readonly && (
            <Badge size="sm" variant="light" color="blue">
              {t('row.default')}
            </Badge>
          )}
          {r.readonly && (
            <Badge size="sm" variant="outline" color="gray">
              {t('row.provider')}
            </Badge>
          )}
        </Group>
      </Stack>
      {!r.readonly && (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('row.edit_label', { name })}
            title={lockedBy ?? undefined}
            disabled={!canChange}
            onClick={() => onEdit(r)}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('row.delete_label', { name })}
            disabled={!canChange}
            onClick={() => onDelete(r)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
});
