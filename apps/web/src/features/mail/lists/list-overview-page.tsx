import { Badge } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routePath } from '../../../lib/paths.ts';
import { CardList, ListCard } from '../../../components/screen-kit/card-list.tsx';
import { AddButton, ListScreen } from '../../../components/screen-kit/list-screen.tsx';
import { MailNav, MailOffNotice } from '../mail-nav.tsx';
import { useMailLists } from './api.ts';

/** The domain's mailing lists (specs §2 "Mail list overview"). */
export function ListOverviewPage() {
  const { t } = useTranslation('mail-lists');
  const { domain = '' } = useParams();
  const overview = useMailLists(domain);
  return (
    <ListScreen
      nav={<MailNav domain={domain} current="list" />}
      title={t('title')}
      intro={t('intro')}
      actions={<AddButton label={t('add')} to={routePath('maillistadd', { domain })} />}
      notice={<MailOffNotice active={overview.data?.mail_active} />}
      query={overview}
      rows={overview.data?.lists}
      search={(l) => `${l.address} ${l.admin_email}`}
      empty={t('empty')}
    >
      {(page) => (
        <CardList label={t('title')}>
          {page.map((l) => (
            <ListCard
              key={l.name}
              icon={IconMailForward}
              name={l.address}
              to={routePath('maillistdetail', { domain, name: l.name })}
              badge={
                !l.active && (
                  <Badge color="gray" variant="light">
                    {t('inactive')}
                  </Badge>
                )
              }
            >
              {t('subscriber_count', { count: l.subscribers })}
            </ListCard>
          ))}
        </CardList>
      )}
    </ListScreen>
  );
}
