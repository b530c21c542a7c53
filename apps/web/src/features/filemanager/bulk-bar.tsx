import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  count: number;
  onDelete: () => void;
  onDuplicate: () => void;
  onMove: () => void;
  onZip: () => void;
  onClear: () => void;
}

/** Specs: bulk delete, duplicate, move and zip of the selected entries. */
export function BulkBar({ count, onDelete, onDuplicate, onMove, onZip, onClear }: Props) {
  const { t } = useTranslation('filemanager');
  if (count === 0) return null;
  return (
    <Paper withBorder p="xs" component="section" aria-label={t('bulk.label')}>
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600}>
          {t('bulk.selected', { count })}
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={onDuplicate}>
            {t('action.duplicate')}
          </Button>
          <Button size="compact-sm" variant="light" onClick={onMove}>
            {t('action.move')}
          </Button>
          <Button size="compact-sm" variant="light" onClick={onZip}>
            {t('action.zip')}
          </Button>
          <Button size="compact-sm" variant="light" color="red" onClick={onDelete}>
            {t('action.delete')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
