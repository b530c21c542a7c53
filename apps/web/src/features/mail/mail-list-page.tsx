import { IconMail, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type * as mail from '@haven/contract/mail';
import { routePath } from '../../lib/paths.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { CardList, ListCard } from '../../components/screen-kit/card-list.tsx';
import { AddButton, ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useMailAccounts } from './api.ts';
import { MailNav, MailOffNotice } from './mail-nav.tsx';

export const isMailType = (v: string | undefined): v is mail.MailAddressType =>
  v === 'address' || v === 'group';

function AccountRow({ domain, account }: { domain: string; account: mail.MailAccountSummary }) {
  const { t } = useTranslation('mail');
  const language = useLanguage();
  return (
    <ListCard
      icon={account.type === 'group' ? IconUsersGroup : IconMail}
      name={account.address}
      to={routePath('mailaddressdetail', { domain, type: account.type, name: account.name })}
    >
      {account.mailbox
        ? t('list.usage', {
            usage: formatSize(account.mailbox.usage, language),
            count: account.alias.length,
          })
        : t('list.members', { count: account.targets.length })}
    </ListCard>
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
  const list = useMailAccounts(domain, type);
  const limit = type === 'address' ? list.data?.limit : undefined;
  const max = limit?.max ?? null;
  return (
    <ListScreen
      nav={<MailNav domain={domain} current={type} />}
      title={t(`list.title_${type}`)}
      intro={
        <>
          {t(`list.intro_${type}`)}
          {limit && max !== null && (
            <>
              <br />
              {t('list.limit', { current: limit.current, max })}
            </>
          )}
        </>
      }
      actions={
        <AddButton
          label={t(`add.title_${type}`)}
          to={routePath('mailaddressadd', { domain, type })}
          disabled={limit !== undefined && max !== null && limit.current >= max}
        />
      }
      notice={<MailOffNotice active={list.data?.active} />}
      query={list}
      rows={list.data?.accounts}
      search={(a) => a.address}
      empty={t(`list.empty_${type}`)}
    >
      {(page) => (
        <CardList label={t(`list.title_${type}`)}>
          {page.map((a) => (
            <AccountRow key={a.name} domain={domain} account={a} />
          ))}
        </CardList>
      )}
    </ListScreen>
  );
}
