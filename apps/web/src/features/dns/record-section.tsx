import { memo } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { ListPager } from '../../components/paged-list/list-pager.tsx';
import { usePage } from '../../components/paged-list/use-paged-rows.ts';
import { RecordRow } from './record-row.tsx';

interface Props {
  type: dns.RecordType;
  rows: dns.DnsRecord[];
  domain: string;
  /** Why the rows of this type cannot be changed now, if so (the spam filter's MX records). */
  lockedBy: string | null;
  onEdit: (record: dns.DnsRecord) => void;
  onDelete: (record: dns.DnsRecord) => void;
}

/** One type's records, a page at a time; memoised so opening a dialog does not render every row. */
export const RecordSection = memo(function RecordSection({
  type,
  rows,
  domain,
  lockedBy,
  onEdit,
  onDelete,
}: Props) {
  const { t } = useTranslation('dns');
  const page = usePage(rows);
  return (
    <Paper
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
        {page.shown.map((r) => (
          <RecordRow
            key={r.id}
            record={r}
            domain={domain}
            lockedBy={lockedBy}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ))}
      </Stack>
      <ListPager page={page} label={t(`type.${type}`)} />
    </Paper>
  );
});
