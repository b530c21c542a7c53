import { IconDatabase } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type * as databases from '@haven/contract/databases';
import { CardList, ListCard } from '../../components/screen-kit/card-list.tsx';
import { ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { useDatabases } from './api.ts';
import { UnavailableNotice } from './unavailable-notice.tsx';
import { DatabaseAddButton } from './database-usage.tsx';

const nameOf = (database: databases.Database) => database.name;

function DatabaseRow({ domain, database }: { domain: string; database: databases.Database }) {
  const { t } = useTranslation('databases');
  const language = useLanguage();
  const size = database.size === null ? t('size_unknown') : formatSize(database.size, language);
  return (
    <ListCard
      icon={IconDatabase}
      name={database.name}
      to={routePath('databasedetail', { domain, name: database.name })}
    >
      {t('list.meta', { size, count: database.users })}
    </ListCard>
  );
}

/** The domain's databases with their sizes and user counts, and the way to add one. */
export function DatabaseListPage() {
  const { t } = useTranslation('databases');
  const { domain = '' } = useParams();
  const list = useDatabases(domain);
  return (
    <ListScreen
      title={t('list.title')}
      intro={list.data?.prefix && t('list.prefix', { prefix: list.data.prefix })}
      actions={<DatabaseAddButton domain={domain} list={list.data} />}
      notice={list.data && !list.data.available && <UnavailableNotice />}
      query={list}
      rows={list.data?.databases}
      search={nameOf}
      empty={t('list.empty')}
    >
      {(page) => (
        <CardList label={t('list.title')}>
          {page.map((database) => (
            <DatabaseRow key={database.name} domain={domain} database={database} />
          ))}
        </CardList>
      )}
    </ListScreen>
  );
}
