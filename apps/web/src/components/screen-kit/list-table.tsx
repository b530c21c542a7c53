import type { ReactNode } from 'react';
import { Anchor, Paper, Table, VisuallyHidden, type MantineBreakpoint } from '@mantine/core';
import { Link } from 'react-router';
import { LongName } from '../long-name.tsx';

export interface ListColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Left out below this width (phones keep the first columns). */
  visibleFrom?: MantineBreakpoint;
  align?: 'end';
  /** A long text value (a path) breaks as names do (LongName) instead of widening the table. */
  wrap?: boolean;
}

interface ListTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The first column: the row's name, linking to its detail screen. */
  name: { header: string; text: (row: T) => string; to: (row: T) => string };
  columns: ListColumn<T>[];
  /** A last column of buttons (delete), named for screen readers only. */
  actions?: { header: string; cell: (row: T) => ReactNode };
}

function cellContent<T>(column: ListColumn<T>, row: T): ReactNode {
  const content = column.cell(row);
  return column.wrap && typeof content === 'string' ? <LongName>{content}</LongName> : content;
}

/** A list as a table: the name linking to its detail, then columns a phone may leave out. */
export function ListTable<T>({ rows, rowKey, name, columns, actions }: ListTableProps<T>) {
  return (
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
              {actions && (
                <Table.Th ta="end">
                  <VisuallyHidden>{actions.header}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
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
                {actions && <Table.Td ta="end">{actions.cell(row)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
