import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type * as databases from '@haven/contract/databases';
import { usePagedList } from '../../components/paged-list/paged-list.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { LongName } from '../../components/long-name.tsx';

interface Props {
  domain: string;
  database: string;
  users: databases.DatabaseUser[];
}

const nameOf = (user: databases.DatabaseUser) => user.name;

/** The users of one database, each opening its detail (password, delete); paged, searchable. */
export function UserList({ domain, database, users }: Props) {
  const { t } = useTranslation('databases');
  const language = useLanguage();
  const list = usePagedList(users, { searchText: nameOf, label: t('detail.users') });
  if (users.length === 0) return <Text>{t('detail.no_users')}</Text>;
  return (
    <>
      {list.search}
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('detail.users')}
      >
        {list.shown.map((user) => (
          <Paper component="li" withBorder p="sm" key={user.name}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconUser size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Stack gap={2} miw={0}>
                <Anchor
                  component={Link}
                  to={routePath('databaseuserdetail', {
                    domain,
                    name: database,
                    username: user.name,
                  })}
                  fw={600}
                >
                  <LongName>{user.name}</LongName>
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t('detail.user_created', { date: formatDate(user.created_at, language) })}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
      {list.pager}
    </>
  );
}
