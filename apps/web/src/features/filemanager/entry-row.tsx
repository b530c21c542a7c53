import { memo } from 'react';
import { Anchor, Box, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconFile, IconFolder, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileEntry } from '@haven/contract/filemanager';
import type { Language } from '@haven/contract/shared';
import { routePath } from '../../lib/paths.ts';
import { formatDate, formatSize } from '../../lib/format.ts';
import { isEditable, splatOf } from './paths.ts';
import { RowMenu, type EntryAction } from './row-menu.tsx';

export type { EntryAction };

interface Props {
  domain: string;
  entry: FileEntry;
  /** aria-rowindex: 1 is the header row. */
  rowIndex: number;
  checked: boolean;
  /** The entry's size, or a folder's size once calculated. */
  size: number | undefined;
  language: Language;
  onToggle: (path: string, on: boolean) => void;
  onAction: (action: EntryAction, entry: FileEntry) => void;
}

// Every row has the same height, which the virtual list relies on: one line from 768 px up, two
// below (name, then size and date), and long names end in an ellipsis with the full name as title.
const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

function EntryName({ domain, entry }: { domain: string; entry: FileEntry }) {
  const to =
    entry.type === 'directory'
      ? routePath('filemanager', { domain, '*': splatOf(entry.path) })
      : isEditable(entry)
        ? routePath('filemanageredit', { domain, '*': splatOf(entry.path) })
        : null;
  return to ? (
    <Anchor component={Link} to={to} title={entry.name}>
      {entry.name}
    </Anchor>
  ) : (
    <Text span title={entry.name}>
      {entry.name}
    </Text>
  );
}

/** One entry of the listing; memoised so that scrolling only renders the rows that come into view. */
export const EntryRow = memo(function EntryRow({
  domain,
  entry,
  rowIndex,
  checked,
  size,
  language,
  onToggle,
  onAction,
}: Props) {
  const { t } = useTranslation('filemanager');
  const Icon =
    entry.type === 'directory' ? IconFolder : entry.type === 'link' ? IconLink : IconFile;
  const sizeText = size === undefined ? '' : formatSize(size, language);
  const changed = formatDate(entry.changed * 1000, language, true);
  const linkNote = entry.link ? t(`link.${entry.link.target}`) : '';
  return (
    <Table.Tr data-entry={entry.name} aria-rowindex={rowIndex}>
      <Table.Td>
        <Checkbox
          aria-label={t('table.select', { name: entry.name })}
          checked={checked}
          onChange={(e) => onToggle(entry.path, e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Box miw={0} style={ONE_LINE}>
            <EntryName domain={domain} entry={entry} />
            {linkNote && (
              <Text span size="xs" c="dimmed" ml={8} visibleFrom="sm">
                {linkNote}
              </Text>
            )}
            <Text size="xs" c="dimmed" hiddenFrom="sm" style={ONE_LINE}>
              {[sizeText, changed, linkNote].filter(Boolean).join(' · ')}
            </Text>
          </Box>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm" style={ONE_LINE}>
        {sizeText}
      </Table.Td>
      <Table.Td visibleFrom="md" style={ONE_LINE}>
        {changed}
      </Table.Td>
      <Table.Td visibleFrom="sm" ff="monospace">
        {entry.permissions.slice(-3)}
      </Table.Td>
      <Table.Td>
        <RowMenu entry={entry} onAction={onAction} />
      </Table.Td>
    </Table.Tr>
  );
});
