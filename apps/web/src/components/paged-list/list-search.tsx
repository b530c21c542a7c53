import { Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Search } from './use-paged-rows.ts';

interface Props {
  search: Search<unknown>;
  /** How many rows there are without the search. */
  total: number;
  /** How many rows match (DNS counts over its sections); the search's own result by default. */
  shown?: number;
  /** Texts of the list's own area; the common ones by default. */
  texts?: { label?: string | undefined; placeholder?: string; count?: string; none?: string };
}

/** The search field with "11 van 3000" under it, and a status line when nothing matches. */
export function ListSearch({ search, total, shown = search.found.length, texts = {} }: Props) {
  const { t } = useTranslation('common');
  const query = search.query.trim();
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={texts.label ?? t('list.search_label')}
        placeholder={texts.placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search.query}
        onChange={(e) => search.setQuery(e.currentTarget.value)}
        description={
          search.needle ? (texts.count ?? t('list.search_count', { shown, total })) : null
        }
        maw={{ sm: 360 }}
      />
      {search.needle && shown === 0 && (
        <Text size="sm" role="status">
          {texts.none ?? t('list.search_none', { query })}
        </Text>
      )}
    </Stack>
  );
}
