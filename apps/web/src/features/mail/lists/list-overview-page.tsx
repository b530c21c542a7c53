import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailForward, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type * as lists from '@haven/contract/mail-lists';
import { routePath } from '../../../lib/paths.ts';
import { LongName } from '../../../components/long-name.tsx';
import { usePagedList } from '../../../components/paged-list/paged-list.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { MailNav, MailOffNotice } from '../mail-nav.tsx';
import { useMailLists } from './api.ts';

const NONE: lists.MailList[] = [];

/** The domain's mailing lists (specs §2 "Mail list overview"). */
export function ListOverviewPage() {
  const { t } = useTranslation('mail-lists');
  usePageTitle(t('title'));
  const { domain = '' } = useParams();
  const overview = useMailLists(domain);
  const paged = usePagedList(overview.data?.lists ?? NONE, {
    searchText: (l) => `${l.address} ${l.admin_email}`,
    label: t('title'),
  });
  return (
    <Stack gap="md">
      <MailNav domain={domain} current="list" />
      <MailOffNotice active={overview.data?.mail_active} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Button
          component={Link}
          to={routePath('maillistadd', { domain })}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('add')}
        </Button>
      </Group>
      <QueryState query={overview}>
        {() => (
          <>
            {overview.data?.lists.length === 0 && <Text>{t('empty')}</Text>}
            {paged.search}
            {paged.shown.length > 0 && (
              <Stack
                component="ul"
                gap="xs"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t('title')}
              >
                {paged.shown.map((l) => (
                  <Paper component="li" withBorder p="sm" key={l.name}>
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <IconMailForward size={20} aria-hidden style={{ flexShrink: 0 }} />
                      <Stack gap={2} miw={0} style={{ flexGrow: 1 }}>
                        <Anchor
                          component={Link}
                          to={routePath('maillistdetail', { domain, name: l.name })}
                          fw={600}
                        >
                          <LongName>{l.address}</LongName>
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          {t('subscriber_count', { count: l.subscribers })}
                        </Text>
                      </Stack>
                      {!l.active && (
                        <Badge color="gray" variant="light">
                          {t('inactive')}
                        </Badge>
                      )}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
            {paged.pager}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
