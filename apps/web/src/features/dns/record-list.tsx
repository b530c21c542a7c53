import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { RecordSection } from './record-section.tsx';

/** Rows per type, in the order the server sorted them. */
function groups(records: readonly dns.DnsRecord[]): [dns.RecordType, dns.DnsRecord[]][] {
  const map = new Map<dns.RecordType, dns.DnsRecord[]>();
  for (const r of records) {
    const rows = map.get(r.record);
    if (rows) rows.push(r);
    else map.set(r.record, [r]);
  }
  return [...map.entries()];
}

interface Props {
  zone: dns.DnsList;
  domain: string;
  onEdit: (record: dns.DnsRecord) => void;
  onDelete: (record: dns.DnsRecord) => void;
}

/** The zone's records per type, paged, with a search on the name (in the browser: one list call). */
export const RecordList = memo(function RecordList({ zone, domain, onEdit, onDelete }: Props) {
  const { t } = useTranslation('dns');
  const [query, setQuery] = useState('');
  // Typing stays responsive in a big zone: filtering renders after the keystroke is shown.
  const needle = useDeferredValue(query.trim().toLowerCase());
  const sections = useMemo(
    () =>
      groups(
        needle ? zone.records.filter((r) => r.domain.toLowerCase().includes(needle)) : zone.records,
      ),
    [zone.records, needle],
  );
  const shown = sections.reduce((n, [, rows]) => n + rows.length, 0);
  const locked = zone.has_spamfilter ? t('error.spamfilter_active') : null;
  return (
    <>
      <TextInput
        type="search"
        label={t('list.search_label')}
        placeholder={t('list.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        description={needle ? t('list.search_count', { shown, total: zone.records.length }) : null}
        maw={{ sm: 360 }}
      />
      {needle && shown === 0 && (
        <Text size="sm" role="status">
          {t('list.search_none', { query: query.trim() })}
        </Text>
      )}
      {sections.map(([type, rows]) => (
        // The key carries the search, so that a new search starts each type at its first page.
        <RecordSection
          key={`${type} ${needle}`}
          type={type}
          rows={rows}
          domain={domain}
          lockedBy={type === 'MX' ? locked : null}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ))}
    </>
  );
});
