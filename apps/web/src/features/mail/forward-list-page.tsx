import { Text } from '@mantine/core';
import { IconArrowForwardUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { LongName } from '../../components/long-name.tsx';
import { CardList, ListCard } from '../../components/screen-kit/card-list.tsx';
import { AddButton, ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { useMailForwards } from './api.ts';
import { MailNav } from './mail-nav.tsx';

/** The domain's forwards with '{current} of {max}' in use (specs §2 "Mail"). */
export function ForwardListPage() {
  const { t } = useTranslation('mail');
  const { domain = '' } = useParams();
  const list = useMailForwards(domain);
  const limit = list.data?.limit;
  return (
    <ListScreen
      nav={<MailNav domain={domain} current="forward" />}
      title={t('forward.title')}
      intro={
        <>
          {t('forward.intro')}
          {limit && (
            <>
              <br />
              {t('forward.in_use', { current: limit.current, max: limit.max })}
            </>
          )}
        </>
      }
      actions={
        <AddButton
          label={t('forward.add')}
          to={routePath('mailforwardadd', { domain })}
          disabled={limit !== undefined && limit.current >= limit.max}
        />
      }
      query={list}
      rows={list.data?.records}
      search={(f) => `${f.address} ${f.value}`}
      empty={t('forward.empty')}
    >
      {(page) => (
        <CardList label={t('forward.title')}>
          {page.map((f) => (
            <ListCard
              key={f.host}
              icon={IconArrowForwardUp}
              name={f.address}
              to={routePath('mailforwarddetail', { domain, from: f.host })}
            >
              <Text size="sm" c="dimmed">
                <LongName>{t('forward.to', { value: f.value })}</LongName>
              </Text>
            </ListCard>
          ))}
        </CardList>
      )}
    </ListScreen>
  );
}
