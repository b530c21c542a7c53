import { memo, useState } from 'react';
import { Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { RecordRow } from './record-row.tsx';

/** Rows per page of a type: a zone of 5,000 records otherwise puts 100,000 elements in the DOM. */
export const PAGE_SIZE = 50;

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
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  // A search or a delete can leave fewer pages than the one shown.
  const current = Math.min(page, pages);
  const from = (current - 1) * PAGE_SIZE;
  const shown = rows.slice(from, from + PAGE_SIZE);
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
        {shown.map((r) => (
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
      {pages > 1 && (
        <Group justify="space-between" gap="xs" mt="sm">
          <Text size="sm" c="dimmed">
            {t('list.page_range', {
              from: from + 1,
              to: from + shown.length,
              count: rows.length,
            })}
          </Text>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            siblings={1}
            boundaries={1}
            aria-label={t('list.page_label', { type: t(`type.${type}`) })}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('list.page_previous') }
                : control === 'next'
                  ? { 'aria-label': t('list.page_next') }
                  : {}
            }
          />
        </Group>
      )}
    </Paper>
  );
});
