import { useCallback, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { Checkbox, Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@haven/contract/filemanager';
import { useLanguage } from '../../lib/i18n.ts';
import { EntryRow, type EntryAction } from './entry-row.tsx';
import type { Sort, SortKey } from './paths.ts';
import { useVirtualRows } from './virtual-rows.ts';

export type { EntryAction };

interface Props {
  domain: string;
  entries: FileEntry[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  selected: ReadonlySet<string>;
  onSelect: (paths: ReadonlySet<string>) => void;
  /** Folder sizes calculated on demand, by path. */
  sizes: Readonly<Record<string, number>>;
  onAction: (action: EntryAction, entry: FileEntry) => void;
  /** Viewport height in px for the virtual rows; the window's by default (tests set it). */
  viewportHeight?: number;
}

/** A row's height until the first one is measured: one line of text plus the table's padding. */
export const ROW_ESTIMATE = 41;
/** Rows kept in the DOM above and below the viewport, so that Tab and quick scrolls find them. */
export const OVERSCAN = 8;

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: Sort;
  onSort: (k: SortKey) => void;
}) {
  const active = sort.key === column;
  const Icon = active && sort.dir === 'desc' ? IconChevronDown : IconChevronUp;
  return (
    <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        {active && <Icon size={14} aria-hidden />}
      </Group>
    </UnstyledButton>
  );
}

// Spacer rows stand in for the rows that are not rendered; inline styles beat the hover colour.
// One cell only: with a fixed layout, a colSpan wider than the columns shown at a breakpoint
// would add empty columns that squeeze the name column on a phone.
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden style={{ height, background: 'transparent' }}>
      <td style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

interface VirtualRowsProps {
  body: RefObject<HTMLTableSectionElement | null>;
  entries: FileEntry[];
  viewportHeight: number | undefined;
  render: (entry: FileEntry, rowIndex: number) => ReactNode;
}

/**
 * The rows in view between two spacers. A component of its own so that scrolling re-renders only
 * this: a render of Mantine's Table gives its context a new value, and that re-renders every
 * cell of every row, memoised or not (measured: it doubled the time per frame).
 */
function VirtualRows({ body, entries, viewportHeight, render }: VirtualRowsProps) {
  const win = useVirtualRows(body, {
    count: entries.length,
    estimate: ROW_ESTIMATE,
    overscan: OVERSCAN,
    viewportHeight,
  });
  return (
    <>
      <Spacer height={win.before} />
      {entries.slice(win.start, win.end).map((entry, i) => render(entry, win.start + i + 2))}
      <Spacer height={win.after} />
    </>
  );
}

/**
 * The listing: select boxes, sortable columns, a menu of actions per entry. A folder can hold
 * 100,000 entries, so only the rows in view (plus overscan) are in the DOM; aria-rowcount and
 * aria-rowindex tell assistive technology where they are. Selection works on all entries.
 */
export function EntryTable({
  domain,
  entries,
  sort,
  onSort,
  selected,
  onSelect,
  sizes,
  onAction,
  viewportHeight,
}: Props) {
  const { t } = useTranslation('filemanager');
  const language = useLanguage();
  const body = useRef<HTMLTableSectionElement>(null);
  // Scrolling renders the table often: the O(n) check only runs when the selection changes.
  const all = useMemo(
    () =>
      entries.length > 0 &&
      selected.size >= entries.length &&
      entries.every((e) => selected.has(e.path)),
    [entries, selected],
  );
  const ariaSort = (key: SortKey) =>
    sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  const toggle = useCallback(
    (path: string, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(path);
      else next.delete(path);
      onSelect(next);
    },
    [selected, onSelect],
  );

  return (
    // Fixed layout: column widths must not jump as other rows scroll into view.
    <Table
      layout="fixed"
      highlightOnHover
      verticalSpacing={6}
      stickyHeader
      stickyHeaderOffset="var(--app-shell-header-height, 0px)"
      aria-label={t('table.label')}
      aria-rowcount={entries.length + 1}
    >
      <Table.Thead>
        <Table.Tr aria-rowindex={1}>
          <Table.Th w={44}>
            <Checkbox
              aria-label={t('table.select_all')}
              checked={all}
              indeterminate={!all && selected.size > 0}
              onChange={(e) =>
                onSelect(new Set(e.currentTarget.checked ? entries.map((x) => x.path) : []))
              }
            />
          </Table.Th>
          <Table.Th aria-sort={ariaSort('name')}>
            <SortHeader label={t('table.name')} column="name" sort={sort} onSort={onSort} />
          </Table.Th>
          <Table.Th aria-sort={ariaSort('size')} visibleFrom="sm" w={104}>
            <SortHeader label={t('table.size')} column="size" sort={sort} onSort={onSort} />
          </Table.Th>
          <Table.Th aria-sort={ariaSort('changed')} visibleFrom="md" w={236}>
            <SortHeader label={t('table.changed')} column="changed" sort={sort} onSort={onSort} />
          </Table.Th>
          <Table.Th aria-sort={ariaSort('permissions')} visibleFrom="sm" w={124}>
            <SortHeader
              label={t('table.permissions')}
              column="permissions"
              sort={sort}
              onSort={onSort}
            />
          </Table.Th>
          <Table.Th w={52}>
            <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody ref={body}>
        <VirtualRows
          body={body}
          entries={entries}
          viewportHeight={viewportHeight}
          render={(entry, rowIndex) => (
            <EntryRow
              key={entry.path}
              domain={domain}
              entry={entry}
              rowIndex={rowIndex}
              checked={selected.has(entry.path)}
              size={entry.size ?? sizes[entry.path]}
              language={language}
              onToggle={toggle}
              onAction={onAction}
            />
          )}
        />
      </Table.Tbody>
    </Table>
  );
}
