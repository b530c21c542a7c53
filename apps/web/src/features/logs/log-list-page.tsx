import { Badge } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { LogFile } from '@haven/contract/logs';
import { CardList, ListCard } from '../../components/screen-kit/card-list.tsx';
import { ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { useLogs } from './api.ts';

const nameOf = (log: LogFile) => log.name;

function LogRow({ domain, log }: { domain: string; log: LogFile }) {
  const { t } = useTranslation('logs');
  const language = useLanguage();
  return (
    <ListCard
      icon={IconFileText}
      name={log.name}
      to={routePath('logdetail', { domain, name: log.name })}
      badge={
        !log.viewable && (
          <Badge variant="light" color="gray" size="sm">
            {t('list.download_only')}
          </Badge>
        )
      }
    >
      {t('list.meta', {
        size: formatSize(log.filesize, language),
        compression: t(`compression.${log.compression}`),
      })}
    </ListCard>
  );
}

/** The domain's access and error logs, the rotated and compressed ones included. */
export function LogListPage() {
  const { t } = useTranslation('logs');
  const { domain = '' } = useParams();
  const list = useLogs(domain);
  return (
    <ListScreen
      title={t('list.title')}
      intro={t('list.intro')}
      query={list}
      rows={list.data?.logs}
      search={nameOf}
      empty={t('list.empty')}
    >
      {(page) => (
        <CardList label={t('list.title')}>
          {page.map((log) => (
            <LogRow key={log.name} domain={domain} log={log} />
          ))}
        </CardList>
      )}
    </ListScreen>
  );
}
