import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowForwardUp, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type * as mail from '@haven/contract/mail';
import { routePath } from '../../lib/paths.ts';
import { LongName } from '../../components/long-name.tsx';
import { usePagedList } from '../../components/paged-list/paged-list.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMailForwards } from './api.ts';
import { MailNav } from './mail-nav.tsx';

const NONE: mail.MailForward[] = [];

/** The domain's forwards with '{current} of {max}' in use (specs §2 "Mail"). */
export function ForwardListPage() {
  const { t } = useTranslation('mail');
  usePageTitle(t('forward.title'));
  const { domain = '' } = useParams();
  const list = useMailForwards(domain);
  const paged = usePagedList(list.data?.records ?? NONE, {
    searchText: (f) => `${f.address} ${f.value}`,
    label: t('forward.title'),
  });
  const limit = list.data?.limit;
  const full = limit !== undefined && limit.current >= limit.max;
  return (
    <Stack gap="md">
      <MailNav domain={domain} current="forward" />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('forward.title')}
          </Title>
          {limit && (
            <Text c="dimmed">
              {t('forward.in_use', { current: limit.current, max: limit.max })}
            </Text>
          )}
        </Stack>
        <Button
          component={Link}
          to={routePath('mailforwardadd', { domain })}
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
        >
          {t('forward.add')}
        </Button>
      </Group>
      <QueryState query={list}>
        {() => (
          <>
            {list.data?.records.length === 0 && <Text>{t('forward.empty')}</Text>}
            {paged.search}
            {paged.shown.length > 0 && (
              <Stack
                component="ul"
                gap="xs"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t('forward.title')}
              >
                {paged.shown.map((f) => (
                  <Paper component="li" withBorder p="sm" key={f.host}>
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <IconArrowForwardUp size={20} aria-hidden style={{ flexShrink: 0 }} />
                      <Stack gap={2} miw={0}>
                        <Anchor
                          component={Link}
                          to={routePath('mailforwarddetail', { domain, from: f.host })}
                          fw={600}
                        >
                          <LongName>{f.address}</LongName>
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          <LongName>{t('forward.to', { value: f.value })}</LongName>
                        </Text>
                      </Stack>
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
