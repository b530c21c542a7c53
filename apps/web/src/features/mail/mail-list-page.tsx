import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type * as mail from '@haven/contract/mail';
import { routePath } from '../../lib/paths.ts';
import { LongName } from '../../components/long-name.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { usePagedList } from '../../components/paged-list/paged-list.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMailAccounts } from './api.ts';
import { MailNav, MailOffNotice } from './mail-nav.tsx';

const NONE: mail.MailAccountSummary[] = [];
export const isMailType = (v: string | undefined): v is mail.MailAddressType =>
  v === 'address' || v === 'group';

function AccountRow({ domain, account }: { domain: string; account: mail.MailAccountSummary }) {
  const { t } = useTranslation('mail');
  const language = useLanguage();
  const Icon = account.type === 'group' ? IconUsersGroup : IconMail;
  const meta = account.mailbox
    ? t('list.usage', {
        usage: formatSize(account.mailbox.usage, language),
        count: account.alias.length,
      })
    : t('list.members', { count: account.targets.length });
  return (
    <Paper component="li" withBorder p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Icon size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={routePath('mailaddressdetail', { domain, type: account.type, name: account.name })}
            fw={600}
          >
            <LongName>{account.address}</LongName>
          </Anchor>
          <Text size="sm" c="dimmed">
            {meta}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The domain's addresses (with usage) or groups (specs: /mail/{domain}/{type}). */
export function MailListPage() {
  const { domain = '', type } = useParams();
  if (!isMailType(type)) return <NotFoundPage />;
  return <MailList domain={domain} type={type} />;
}

function MailList({ domain, type }: { domain: string; type: mail.MailAddressType }) {
  const { t } = useTranslation('mail');
  usePageTitle(t(`list.title_${type}`));
  const list = useMailAccounts(domain, type);
  const paged = usePagedList(list.data?.accounts ?? NONE, {
    searchText: (a) => a.address,
    label: t(`list.title_${type}`),
  });
  const limit = list.data?.limit;
  const full = type === 'address' && limit?.max != null && limit.current >= limit.max;
  return (
    <Stack gap="md">
      <MailNav domain={domain} current={type} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t(`list.title_${type}`)}
          </Title>
          {type === 'address' && limit?.max != null && (
            <Text c="dimmed">{t('list.limit', { current: limit.current, max: limit.max })}</Text>
          )}
        </Stack>
        <Button
          component={Link}
          to={routePath('mailaddressadd', { domain, type })}
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
        >
          {t(`add.title_${type}`)}
        </Button>
      </Group>
      <MailOffNotice active={list.data?.active} />
      <QueryState query={list}>
        {() => (
          <>
            {list.data?.accounts.length === 0 && <Text>{t(`list.empty_${type}`)}</Text>}
            {paged.search}
            {paged.shown.length > 0 && (
              <Stack
                component="ul"
                gap="xs"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t(`list.title_${type}`)}
              >
                {paged.shown.map((a) => (
                  <AccountRow key={a.name} domain={domain} account={a} />
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
