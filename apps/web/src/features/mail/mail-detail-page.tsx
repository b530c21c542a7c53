import { Button, Stack } from '@mantine/core';
import { IconMail, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type * as mail from '@haven/contract/mail';
import { routePath } from '../../lib/paths.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode } from '../../lib/error-text.ts';
import { useUser } from '../../lib/user.ts';
import { useDeleteAccount, useMailAddress, useMailGroup } from './api.ts';
import { AddressDetail } from './address-detail.tsx';
import { GroupDetail } from './group-detail.tsx';
import { TrainingSection } from './training-section.tsx';
import { mailErrorText } from './mail-errors.ts';
import { isMailType } from './mail-list-page.tsx';

/** Specs: /mail/{domain}/{type}/{name}; an EMAIL login lands here on its own mailbox. */
export function MailDetailPage() {
  const { domain = '', type, name = '' } = useParams();
  if (!isMailType(type)) return <NotFoundPage />;
  return <MailDetail domain={domain} type={type} name={name} />;
}

function MailDetail(props: { domain: string; type: mail.MailAddressType; name: string }) {
  const { domain, type, name } = props;
  const { t } = useTranslation('mail');
  const navigate = useNavigate();
  const user = useUser();
  const self = user.data?.type === 'EMAIL';
  const address = useMailAddress(domain, name, type === 'address');
  const group = useMailGroup(domain, name, type === 'group');
  const remove = useDeleteAccount(domain, type);
  const full = `${name}@${domain}`;

  const onDelete = () =>
    confirmDelete({
      name: full,
      message: t(`detail.delete_warning_${type}`),
      onConfirm: () =>
        remove.mutate(name, {
          onSuccess: () => {
            toast.success(t('detail.deleted', { name: full }));
            void navigate(routePath('mailaddress', { domain, type }));
          },
          onError: (e) => toast.error(mailErrorText(t, e)),
        }),
    });

  // A mailbox login whose mailbox is gone (or an operator's login without one): its account page,
  // the one thing it can still do, rather than a dead end.
  if (self && address.isError && errorCode(address.error) === 'not_found')
    return <Navigate to={routePath('account', { domain })} replace />;

  return (
    <OnlyIfExists query={address}>
      <OnlyIfExists query={group}>
        <Stack gap="md">
          <ScreenHeader
            title={full}
            back={
              self
                ? undefined
                : { to: routePath('mailaddress', { domain, type }), label: t('back_to_list') }
            }
            actions={
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
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={onDelete}
                    loading={remove.isPending}
                  >
                    {t('detail.delete')}
                  </Button>
                )}
              </>
            }
          />
          {type === 'address' ? (
            <QueryState query={address}>
              {() =>
                address.data && (
                  <>
                    <AddressDetail domain={domain} detail={address.data} self={self} />
                    <TrainingSection domain={domain} name={name} />
                  </>
                )
              }
            </QueryState>
          ) : (
            <QueryState query={group}>
              {() => group.data && <GroupDetail domain={domain} detail={group.data} />}
            </QueryState>
          )}
        </Stack>
      </OnlyIfExists>
    </OnlyIfExists>
  );
}
