import type { ReactNode } from 'react';
import { Anchor, Button, Paper, Stack, Table, type MantineBreakpoint } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PagedList } from '../../components/paged-list/paged-list.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { LongName } from '../../components/long-name.tsx';

export interface ListColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Left out below this width (phones keep the first columns). */
  visibleFrom?: MantineBreakpoint;
  align?: 'end';
  /** A long text value (a path) breaks as names do (LongName) instead of widening the table. */
  wrap?: boolean;
}

interface ListScreenProps<T> {
  title: string;
  intro: ReactNode;
  add: { label: string; to: string };
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The rows once the query has answered. */
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The first column: the row's name, linking to its detail screen. */
  name: { header: string; text: (row: T) => string; to: (row: T) => string };
  columns: ListColumn<T>[];
  empty: string;
  /** Between the header and the table: where things are served, and a notice when they are not. */
  notice?: ReactNode;
}

function cellContent<T>(column: ListColumn<T>, row: T): ReactNode {
  const content = column.cell(row);
  return column.wrap && typeof content === 'string' ? <LongName>{content}</LongName> : content;
}

/**
 * A webhosting list screen: header with the add button, then the table (paged, with a search on
 * the name once it is long) or the empty state.
 */
export function ListScreen<T>({
  title,
  intro,
  add,
  query,
  rows,
  rowKey,
  name,
  columns,
  empty,
  notice,
}: ListScreenProps<T>) {
  return (
    <Stack gap="md" maw={960}>
      <ScreenHeader
        title={title}
        intro={intro}
        actions={
          <Button component={Link} to={add.to} leftSection={<IconPlus size={16} aria-hidden />}>
            {add.label}
          </Button>
        }
      />
      {notice}
      <QueryState query={query}>
        {() =>
          rows?.length ? (
            <PagedList rows={rows} searchText={name.text} label={title}>
              {(page) => (
                <Paper withBorder>
                  <Table.ScrollContainer minWidth={300}>
                    <Table verticalSpacing="sm" highlightOnHover>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{name.header}</Table.Th>
                          {columns.map((c) => (
                            <Table.Th key={c.header} visibleFrom={c.visibleFrom} ta={c.align}>
                              {c.header}
                            </Table.Th>
                          ))}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {page.map((row) => (
                          <Table.Tr key={rowKey(row)}>
                            <Table.Td>
                              <Anchor component={Link} to={name.to(row)} fw={500}>
                                <LongName>{name.text(row)}</LongName>
                              </Anchor>
                            </Table.Td>
                            {columns.map((c) => (
                              <Table.Td key={c.header} visibleFrom={c.visibleFrom} ta={c.align}>
                                {cellContent(c, row)}
                              </Table.Td>
                            ))}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Paper>
              )}
            </PagedList>
          ) : (
            <EmptyState text={empty} />
          )
        }
      </QueryState>
    </Stack>
  );
}
