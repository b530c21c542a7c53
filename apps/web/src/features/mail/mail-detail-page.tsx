import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type * as mail from '@haven/contract/mail';
import { routePath } from '../../lib/paths.ts';
import { NotFoundPage, NotForPackagePage } from '../../components/not-found-page.tsx';
import { DeleteButton } from '../../components/screen-kit/delete-button.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode } from '../../lib/error-text.ts';
import { ownMailbox, useUser } from '../../lib/user.ts';
import { useDeleteAccount, useMailAddress, useMailGroup } from './api.ts';
import { AddressDetail } from './address-detail.tsx';
import { GroupDetail } from './group-detail.tsx';
import { TrainingSection } from './training-section.tsx';
import { mailErrorText } from './mail-errors.ts';
import { isMailType } from './mail-list-page.tsx';

/** Specs: /mail/{domain}/{type}/{name}; an EMAIL login lands here on its own mailbox. */
export function MailDetailPage() {
  const { domain = '', type, name = '' } = useParams();
  const user = useUser().data;
  if (!isMailType(type)) return <NotFoundPage />;
  // A mailbox login reaches its own mailbox only: a typed group or another address is refused
  // with the way back to it, before any call the server would answer 403.
  if (user?.type === 'EMAIL' && (type !== 'address' || name !== ownMailbox(user)))
    return <NotForPackagePage />;
  return <MailDetail domain={domain} type={type} name={name} />;
}

function MailDetail(props: { domain: string; type: mail.MailAddressType; name: string }) {
  const { domain, type, name } = props;
  const { t } = useTranslation('mail');
  const user = useUser();
  const self = user.data?.type === 'EMAIL';
  const address = useMailAddress(domain, name, type === 'address');
  const group = useMailGroup(domain, name, type === 'group');
  const remove = useDeleteAccount(domain, type);
  const full = `${name}@${domain}`;

  // A mailbox login whose mailbox is gone (or an operator's login without one): its account page,
  // the one thing it can still do, rather than a dead end.
  if (self && address.isError && errorCode(address.error) === 'not_found')
    return <Navigate to={routePath('account', { domain })} replace />;

  const list = routePath('mailaddress', { domain, type });
  const header = {
    title: full,
    back: self ? undefined : { to: list, label: t('back_to_list') },
    actions: (
      <>
        {type === 'address' && (
          <Button
            component={Link}
            variant="light"
            to={`${routePath('webmail', { domain })}?mailbox=${encodeURIComponent(name)}`}
            leftSection={<IconMail size={16} aria-hidden />}
          >
            {t('webmail.title')}
          </Button>
        )}
        {!self && (
          <DeleteButton
            label={t('detail.delete')}
            confirm={{ name: full, message: t(`detail.delete_warning_${type}`) }}
            mutation={remove}
            variables={name}
            done={{ text: t('detail.deleted', { name: full }), to: list }}
            onError={(e) => toast.error(mailErrorText(t, e))}
          />
        )}
      </>
    ),
  };
  return type === 'address' ? (
    <DetailScreen query={address} {...header}>
      {(detail) => (
        <>
          <AddressDetail domain={domain} detail={detail} self={self} />
          <TrainingSection domain={domain} name={name} />
        </>
      )}
    </DetailScreen>
  ) : (
    <DetailScreen query={group} {...header}>
      {(detail) => <GroupDetail domain={domain} detail={detail} />}
    </DetailScreen>
  );
}
