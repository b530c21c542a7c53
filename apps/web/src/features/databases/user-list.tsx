import { Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type * as databases from '@haven/contract/databases';
import { PagedList } from '../../components/paged-list/paged-list.tsx';
import { CardList, ListCard } from '../../components/screen-kit/card-list.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';

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
  if (users.length === 0) return <Text>{t('detail.no_users')}</Text>;
  return (
    <PagedList rows={users} searchText={nameOf} label={t('detail.users')}>
      {(page) => (
        <CardList label={t('detail.users')}>
          {page.map((user) => (
            <ListCard
              key={user.name}
              icon={IconUser}
              name={user.name}
              to={routePath('databaseuserdetail', { domain, name: database, username: user.name })}
            >
              {t('detail.user_created', { date: formatDate(user.created_at, language) })}
            </ListCard>
          ))}
        </CardList>
      )}
    </PagedList>
  );
}
