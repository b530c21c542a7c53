import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type * as databases from '@haven/contract/databases';
import { FormError } from '../../components/form-error.tsx';
import { usePagedList } from '../../components/paged-list/paged-list.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { routePath } from '../../lib/paths.ts';
import { useDatabases } from './api.ts';
import { databaseErrorText } from './database-errors.ts';
import { UnavailableNotice } from './unavailable-notice.tsx';
import { LongName } from '../../components/long-name.tsx';
import { DatabaseAddButton } from './database-usage.tsx';

const NONE: databases.Database[] = [];
const nameOf = (database: databases.Database) => database.name;

function DatabaseRow({ domain, database }: { domain: string; database: databases.Database }) {
  const { t } = useTranslation('databases');
  const language = useLanguage();
  const size = database.size === null ? t('size_unknown') : formatSize(database.size, language);
  return (
    <Paper component="li" withBorder p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconDatabase size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={routePath('databasedetail', { domain, name: database.name })}
            fw={600}
          >
            <LongName>{database.name}</LongName>
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('list.meta', { size, count: database.users })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The domain's databases with their sizes and user counts, and the way to add one. */
export function DatabaseListPage() {
  const { t } = useTranslation('databases');
  usePageTitle(t('list.title'));
  const { domain = '' } = useParams();
  const list = useDatabases(domain);
  const paged = usePagedList(list.data?.databases ?? NONE, {
    searchText: nameOf,
    label: t('list.title'),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          {list.data?.prefix && (
            <Text c="dimmed">{t('list.prefix', { prefix: list.data.prefix })}</Text>
          )}
        </Stack>
        <DatabaseAddButton domain={domain} list={list.data} />
      </Group>
      {list.isPending && <PageLoader />}
      {list.isError && <FormError message={databaseErrorText(t, list.error)} />}
      {list.data && !list.data.available && <UnavailableNotice />}
      {list.data?.databases.length === 0 && <Text>{t('list.empty')}</Text>}
      {paged.search}
      {paged.shown.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('list.title')}
        >
          {paged.shown.map((database) => (
            <DatabaseRow key={database.name} domain={domain} database={database} />
          ))}
        </Stack>
      )}
      {paged.pager}
    </Stack>
  );
}
