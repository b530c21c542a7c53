import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrashItem } from '@haven/contract/filemanager';
import { confirmDialog } from '../../components/confirm-dialog.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePagedList } from '../../components/paged-list/paged-list.tsx';
import { toast } from '../../components/toast.ts';
import { formatDate, formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useFileActions, useTrash } from './api.ts';
import { fmErrorText } from './fm-errors.ts';
import { LongName } from '../../components/long-name.tsx';

const NONE: TrashItem[] = [];
const pathOf = (item: TrashItem) => item.original_path;

/** The domain's trash: what was deleted, where it was, restore or delete for good. */
export function TrashPanel({ domain }: { domain: string }) {
  const { t } = useTranslation('filemanager');
  const language = useLanguage();
  const trash = useTrash(domain, true);
  const actions = useFileActions(domain);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const items = trash.data?.items ?? NONE;
  const paged = usePagedList(items, { searchText: pathOf, label: t('trash.title') });

  const restore = () =>
    actions.restore.mutate([...picked], {
      onSuccess: () => {
        toast.success(t('trash.restored'));
        setPicked(new Set());
      },
      onError: (e) => toast.error(fmErrorText(t, e)),
    });
  const empty = () =>
    confirmDialog({
      message: t('trash.empty_confirm'),
      onConfirm: () =>
        actions.emptyTrash.mutate(undefined, { onError: (e) => toast.error(fmErrorText(t, e)) }),
    });

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="fm-trash-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="fm-trash-title">
            {t('trash.title')}
          </Title>
          {items.length > 0 && (
            <Group gap="xs">
              <Button
                size="compact-sm"
                onClick={restore}
                disabled={picked.size === 0}
                loading={actions.restore.isPending}
              >
                {t('trash.restore')}
              </Button>
              <Button size="compact-sm" color="red" variant="light" onClick={empty}>
                {t('trash.empty')}
              </Button>
            </Group>
          )}
        </Group>
        {trash.isPending && <PageLoader />}
        {trash.isError && <FormError message={fmErrorText(t, trash.error)} />}
        {trash.data && items.length === 0 && <Text c="dimmed">{t('trash.none')}</Text>}
        {paged.search}
        {paged.shown.length > 0 && (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {paged.shown.map((item) => (
              <li key={item.id}>
                <Checkbox
                  checked={picked.has(item.id)}
                  onChange={(e) => {
                    const next = new Set(picked);
                    if (e.currentTarget.checked) next.add(item.id);
                    else next.delete(item.id);
                    setPicked(next);
                  }}
                  label={<LongName>{item.original_path}</LongName>}
                  description={`${formatSize(item.size, language)} · ${formatDate(item.deleted_at * 1000, language, true)}`}
                />
              </li>
            ))}
          </Stack>
        )}
        {paged.pager}
      </Stack>
    </Paper>
  );
}
