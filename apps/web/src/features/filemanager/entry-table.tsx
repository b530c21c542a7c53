import { useState } from 'react';
import { ActionIcon, Anchor, Button, Checkbox, Group, Menu, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDots, IconFile, IconFolder, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileEntry } from '@haven/contract';
import { routePath } from '../../app/routes.ts';
import { formatDate, formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { imageType, isEditable, isZip, splatOf, type Sort, type SortKey } from './paths.ts';

export type EntryAction = 'edit' | 'rename' | 'duplicate' | 'move' | 'download' | 'preview' | 'unzip' | 'permissions' | 'size' | 'delete';

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
  /** Rows rendered before 'show more'. */
  pageRows?: number;
}

function actionsOf(entry: FileEntry): EntryAction[] {
  const content = entry.type === 'file';
  return [
    ...(isEditable(entry) ? (['edit'] as const) : []),
    ...(content && imageType(entry.name) ? (['preview'] as const) : []),
    ...(content ? (['download'] as const) : []),
    ...(content && isZip(entry.name) ? (['unzip'] as const) : []),
    ...(entry.type === 'directory' ? (['size'] as const) : []),
    'rename',
    'duplicate',
    'move',
    ...(entry.type !== 'link' ? (['permissions'] as const) : []),
    'delete',
  ];
}

function SortHeader({ label, column, sort, onSort }: { label: string; column: SortKey; sort: Sort; onSort: (k: SortKey) => void }) {
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

/** The listing: select boxes, sortable columns, a menu of actions per entry. */
/** Rows rendered at first: a folder of 100,000 files must not build 100,000 rows at once. */
export const PAGE_ROWS = 500;

export function EntryTable({ domain, entries, sort, onSort, selected, onSelect, sizes, onAction, pageRows = PAGE_ROWS }: Props) {
  const { t } = useTranslation('filemanager');
  const [limit, setLimit] = useState(pageRows);
  const language = useLanguage();
  const all = entries.length > 0 && entries.every((e) => selected.has(e.path));
  const ariaSort = (key: SortKey) => (sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined);
  const toggle = (path: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(path);
    else next.delete(path);
    onSelect(next);
  };
  const sizeOf = (e: FileEntry) => {
    const size = e.size ?? sizes[e.path];
    return size === undefined ? '' : formatSize(size, language);
  };
  const changed = (e: FileEntry) => formatDate(e.changed * 1000, language, true);

  return (
    <Table.ScrollContainer minWidth={300}>
      <Table highlightOnHover verticalSpacing={6} aria-label={t('table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label={t('table.select_all')}
                checked={all}
                indeterminate={!all && selected.size > 0}
                onChange={(e) => onSelect(new Set(e.currentTarget.checked ? entries.map((x) => x.path) : []))}
              />
            </Table.Th>
            <Table.Th aria-sort={ariaSort('name')}>
              <SortHeader label={t('table.name')} column="name" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th aria-sort={ariaSort('size')} visibleFrom="sm">
              <SortHeader label={t('table.size')} column="size" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th aria-sort={ariaSort('changed')} visibleFrom="md">
              <SortHeader label={t('table.changed')} column="changed" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th aria-sort={ariaSort('permissions')} visibleFrom="sm">
              <SortHeader label={t('table.permissions')} column="permissions" sort={sort} onSort={onSort} />
            </Table.Th>
            <Table.Th w={44}>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.slice(0, limit).map((entry) => {
            const Icon = entry.type === 'directory' ? IconFolder : entry.type === 'link' ? IconLink : IconFile;
            return (
              <Table.Tr key={entry.path} data-entry={entry.name}>
                <Table.Td>
                  <Checkbox aria-label={t('table.select', { name: entry.name })} checked={selected.has(entry.path)} onChange={(e) => toggle(entry.path, e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                    <div>
                      {entry.type === 'directory' ? (
                        <Anchor component={Link} to={routePath('filemanager', { domain, '*': splatOf(entry.path) })}>
                          {entry.name}
                        </Anchor>
                      ) : isEditable(entry) ? (
                        <Anchor component={Link} to={routePath('filemanageredit', { domain, '*': splatOf(entry.path) })}>
                          {entry.name}
                        </Anchor>
                      ) : (
                        <Text span>{entry.name}</Text>
                      )}
                      {entry.link && (
                        <Text size="xs" c="dimmed">
                          {t(`link.${entry.link.target}`)}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {[sizeOf(entry), changed(entry)].filter(Boolean).join(' · ')}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                  {sizeOf(entry)}
                </Table.Td>
                <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                  {changed(entry)}
                </Table.Td>
                <Table.Td visibleFrom="sm" ff="monospace">
                  {entry.permissions.slice(-3)}
                </Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={t('table.actions_of', { name: entry.name })}>
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {actionsOf(entry).map((action) => (
                        <Menu.Item key={action} color={action === 'delete' ? 'red' : undefined} onClick={() => onAction(action, entry)}>
                          {t(`action.${action}`)}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {entries.length > limit && (
        <Button variant="subtle" mt="xs" onClick={() => setLimit((l) => l + pageRows)}>
          {t('table.more', { count: entries.length - limit })}
        </Button>
      )}
    </Table.ScrollContainer>
  );
}
