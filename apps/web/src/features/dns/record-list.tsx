import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { ListSearch } from '../../components/paged-list/list-search.tsx';
import { useSearch } from '../../components/paged-list/use-paged-rows.ts';
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

const nameOf = (r: dns.DnsRecord) => r.domain;

interface Props {
  zone: dns.DnsList;
  domain: string;
  onEdit: (record: dns.DnsRecord) => void;
  onDelete: (record: dns.DnsRecord) => void;
}

/** The zone's records per type, paged, with a search on the name (in the browser: one list call). */
export const RecordList = memo(function RecordList({ zone, domain, onEdit, onDelete }: Props) {
  const { t } = useTranslation('dns');
  const search = useSearch(zone.records, nameOf);
  const sections = useMemo(() => groups(search.found), [search.found]);
  const shown = search.found.length;
  const total = zone.records.length;
  const locked = zone.has_spamfilter ? t('error.spamfilter_active') : null;
  return (
    <>
      <ListSearch
        search={search}
        total={total}
        texts={{
          label: t('list.search_label'),
          placeholder: t('list.search_placeholder'),
          count: t('list.search_count', { shown, total }),
          none: t('list.search_none', { query: search.query.trim() }),
        }}
      />
      {sections.map(([type, rows]) => (
        // The key carries the search, so that a new search starts each type at its first page.
        <RecordSection
          key={`${type} ${search.needle}`}
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
