import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { fmErrorText } from './fm-errors.ts';
import type { UploadState } from './use-uploads.ts';
import { LongName } from '../../components/long-name.tsx';

interface Props {
  items: UploadState[];
  percent: number;
  running: boolean;
  onCancel: () => void;
  onClear: () => void;
}

/** Progress of an upload: overall, then each file with its state. */
export function UploadPanel({ items, percent, running, onCancel, onClear }: Props) {
  const { t } = useTranslation('filemanager');
  if (items.length === 0) return null;
  const errorOf = (item: UploadState) => {
    const e = item.error as { code?: string } | undefined;
    return fmErrorText(
      t,
      e && !(e instanceof ApiError) && e.code ? new ApiError(413, e.code) : item.error,
    );
  };
  return (
    <Paper withBorder p="sm" aria-label={t('upload.title')} component="section">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} id="fm-upload-overall">
            {t('upload.overall', { percent })}
          </Text>
          {running ? (
            <Button size="compact-sm" variant="light" color="red" onClick={onCancel}>
              {t('upload.cancel')}
            </Button>
          ) : (
            <CloseButton aria-label={t('upload.close')} onClick={onClear} />
          )}
        </Group>
        <Progress.Root>
          <Progress.Section
            value={percent}
            animated={running}
            aria-labelledby="fm-upload-overall"
          />
        </Progress.Root>
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">
                  <LongName>{item.name}</LongName>
                </Text>
                <Text
                  size="sm"
                  c={item.status === 'failed' ? 'red' : 'dimmed'}
                  style={{ flexShrink: 0 }}
                >
                  {t(`upload.status.${item.status}`)}
                </Text>
              </Group>
              {/* Why it failed on a line of its own: a reason can be a sentence or two. */}
              {item.status === 'failed' && (
                <Text size="sm" c="red">
                  {errorOf(item)}
                </Text>
              )}
              {item.status === 'uploading' && (
                <Progress.Root size="xs">
                  <Progress.Section
                    value={item.size > 0 ? (item.loaded / item.size) * 100 : 0}
                    aria-label={item.name}
                  />
                </Progress.Root>
              )}
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
