import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@haven/contract/filemanager';
import { imageType, isEditable, isZip } from './paths.ts';

export type EntryAction =
  | 'edit'
  | 'rename'
  | 'duplicate'
  | 'move'
  | 'download'
  | 'preview'
  | 'unzip'
  | 'permissions'
  | 'size'
  | 'delete';

/** What can be done with an entry; a name that is not UTF-8 can only be renamed (to a valid one). */
export function actionsOf(entry: FileEntry): EntryAction[] {
  if (entry.raw_name) return ['rename'];
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

interface Props {
  entry: FileEntry;
  onAction: (action: EntryAction, entry: FileEntry) => void;
}

/**
 * The menu of actions of one entry. Mounting a Mantine Menu costs more than the rest of a row
 * (measured: it doubled the frame time while scrolling), and a scrolling list mounts rows every
 * frame. So a row starts with a plain button, and the first press mounts the Menu already open;
 * the Menu's focus trap then moves focus to the first item, as it does on any opening.
 */
export function RowMenu({ entry, onAction }: Props) {
  const { t } = useTranslation('filemanager');
  const [used, setUsed] = useState(false);
  const label = t('table.actions_of', { name: entry.name });
  const icon = <IconDots size={18} aria-hidden />;
  if (!used) {
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setUsed(true)}
      >
        {icon}
      </ActionIcon>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          {icon}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actionsOf(entry).map((action) => (
          <Menu.Item
            key={action}
            color={action === 'delete' ? 'red' : undefined}
            onClick={() => onAction(action, entry)}
          >
            {t(`action.${action}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
