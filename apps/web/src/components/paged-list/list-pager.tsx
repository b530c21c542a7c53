import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Page } from './use-paged-rows.ts';

interface Props {
  page: Page<unknown>;
  /** What is paged, for the navigation's name: "Pagina's van {{list}}". */
  label: string;
  /** Called after the page changed (e.g. to bring the list's start into view). */
  onChange?: () => void;
}

/** "1–50 van 3000" and the page buttons; nothing when everything fits on one page. */
export function ListPager({ page, label, onChange }: Props) {
  const { t } = useTranslation('common');
  if (page.pages <= 1) return null;
  return (
    <Group justify="space-between" gap="xs" mt="sm">
      <Text size="sm" c="dimmed">
        {t('list.page_range', {
          from: page.from + 1,
          to: page.from + page.shown.length,
          count: page.total,
        })}
      </Text>
      <Pagination
        total={page.pages}
        value={page.current}
        onChange={(value) => {
          page.setPage(value);
          onChange?.();
        }}
        size="sm"
        siblings={1}
        boundaries={1}
        role="navigation"
        aria-label={t('list.page_label', { list: label })}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('list.page_previous') }
            : control === 'next'
              ? { 'aria-label': t('list.page_next') }
              : {}
        }
      />
    </Group>
  );
}
