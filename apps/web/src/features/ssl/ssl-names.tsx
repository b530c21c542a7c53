import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SslNameCoverage, SslNameState } from '@haven/contract/ssl';
import { LongName } from '../../components/long-name.tsx';
import { usePagedList } from '../../components/paged-list/paged-list.tsx';

const COLORS: Record<SslNameState, string> = {
  covered: 'green',
  pending: 'blue',
  failed: 'red',
  none: 'gray',
};

const nameOf = (c: SslNameCoverage) => c.name;

/**
 * Each host name of the domain's subdomains and how it stands: only a covered name is said to be
 * served securely; a pending one is being added, a failed one says why.
 */
export function SslNames({ coverage }: { coverage: readonly SslNameCoverage[] }) {
  const { t } = useTranslation('ssl');
  const paged = usePagedList(coverage, { searchText: nameOf, label: t('names.title') });
  return (
    <Stack gap={4}>
      <Text fw={600} id="ssl-names-title">
        {t('names.title')}
      </Text>
      {paged.search}
      <Table layout="fixed" withTableBorder aria-labelledby="ssl-names-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('names.name')}</Table.Th>
            <Table.Th w={{ base: 136, sm: 160 }}>{t('names.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paged.shown.map((c) => (
            <Table.Tr key={c.name} data-testid="ssl-name">
              <Table.Td>
                <LongName>{c.name}</LongName>
                {c.failure && (
                  <Text size="sm" c="red.8">
                    {t(`name_failure.${c.failure}`)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={COLORS[c.state]} variant="light">
                  {t(`name_state.${c.state}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {paged.pager}
    </Stack>
  );
}
