import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { recordValue } from './record-row.tsx';

// A DKIM key is hundreds of characters: its start names it well enough here.
const LINE_MAX = 90;
const line = (r: dns.DnsRecord) => {
  const text = `${r.record} ${r.domain} ${recordValue(r)}`.trim();
  return text.length > LINE_MAX ? `${text.slice(0, LINE_MAX - 1)}…` : text;
};

function Records({ records }: { records: readonly dns.DnsRecord[] }) {
  if (records.length === 0) return null;
  return (
    <List size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {records.map((r) => (
        <List.Item key={r.id}>{line(r)}</List.Item>
      ))}
    </List>
  );
}

const recordsOf = (list: readonly { record: dns.DnsRecord; because: dns.KeptBecause }[]) =>
  list.map((k) => k.record);

/**
 * What a reset to the defaults does, for its confirmation: the customer's own records that go,
 * those that stay because a subdomain or the domain's mail needs them (listed), the provider's
 * defaults that stay (counted), and what is added.
 */
export function ResetChanges({ changes }: { changes: dns.DnsResetPreview }) {
  const { t } = useTranslation('dns');
  const kept = (because: dns.KeptBecause) => changes.keep.filter((k) => k.because === because);
  const subdomains = kept('subdomain');
  const mail = kept('mail');
  const provider = kept('provider');
  return (
    <Stack gap="xs">
      <Text size="sm">{t('reset.intro')}</Text>
      <Text size="sm" fw={600}>
        {t('reset.remove', { count: changes.remove.length })}
      </Text>
      <Records records={changes.remove} />
      {subdomains.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            {t('reset.keep_subdomain', { count: subdomains.length })}
          </Text>
          <Records records={recordsOf(subdomains)} />
        </>
      )}
      {mail.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            {t('reset.keep_mail', { count: mail.length })}
          </Text>
          <Records records={recordsOf(mail)} />
        </>
      )}
      {provider.length > 0 && (
        <Text size="sm">{t('reset.keep_provider', { count: provider.length })}</Text>
      )}
      <Text size="sm" fw={600}>
        {t('reset.add', { count: changes.add.length })}
      </Text>
      <Records records={recordsOf(changes.add)} />
    </Stack>
  );
}
