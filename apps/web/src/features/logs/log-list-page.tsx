import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LogFile } from '@haven/contract/logs';
import { FormError } from '../../components/form-error.tsx';
import { LongName } from '../../components/long-name.tsx';
import { usePagedList } from '../../components/paged-list/paged-list.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { routePath } from '../../lib/paths.ts';
import { useLogs } from './api.ts';

const NONE: LogFile[] = [];
const nameOf = (log: LogFile) => log.name;

function LogRow({ domain, log }: { domain: string; log: LogFile }) {
  const { t } = useTranslation('logs');
  const language = useLanguage();
  return (
    <Paper component="li" withBorder p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconFileText size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={routePath('logdetail', { domain, name: log.name })} fw={600}>
            <LongName>{log.name}</LongName>
          </Anchor>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('list.meta', {
                size: formatSize(log.filesize, language),
                compression: t(`compression.${log.compression}`),
              })}
            </Text>
            {!log.viewable && (
              <Badge variant="light" color="gray" size="sm">
                {t('list.download_only')}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The domain's access and error logs, the rotated and compressed ones included. */
export function LogListPage() {
  const { t } = useTranslation('logs');
  usePageTitle(t('list.title'));
  const { domain = '' } = useParams();
  const list = useLogs(domain);
  const paged = usePagedList(list.data?.logs ?? NONE, {
    searchText: nameOf,
    label: t('list.title'),
  });
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Text c="dimmed">{t('list.intro')}</Text>
      </Stack>
      {list.isPending && <PageLoader />}
      {list.isError && <FormError message={errorText(t, list.error)} />}
      {list.data?.logs.length === 0 && <Text>{t('list.empty')}</Text>}
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
          {paged.shown.map((log) => (
            <LogRow key={log.name} domain={domain} log={log} />
          ))}
        </Stack>
      )}
      {paged.pager}
    </Stack>
  );
}
