import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Facts } from '../../components/screen-kit/facts.tsx';
import { DeleteButton } from '../../components/screen-kit/delete-button.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { useDeleteWebUser, useUpdateWebUser, useWebUser } from './api.ts';
import { ChangeServicePassword } from '../../components/password/change-service-password.tsx';
import { ERROR_PREFIX } from './errors.ts';
import { homeText } from './web-user-list-page.tsx';
import { LongName } from '../../components/long-name.tsx';

/** One web user: where it may go, a new password, and deleting it. */
export function WebUserDetailPage() {
  const { t } = useTranslation('webhosting');
  const language = useLanguage();
  const { domain = '', name = '' } = useParams();
  const user = useWebUser(domain, name);
  const change = useUpdateWebUser(domain, name);
  const remove = useDeleteWebUser(domain);
  const back = { to: routePath('web-user', { domain }), label: t('webuser.back') };

  // The subdomains it is the FTP account of lose it: the confirmation names them.
  const servedBy = (user.data?.subdomains ?? []).map((s) => `${s}.${domain}`);
  const message = [
    t('webuser.delete_confirm', { name }),
    ...(servedBy.length > 0
      ? [
          t('webuser.delete_confirm_subdomains', {
            count: servedBy.length,
            subdomains: new Intl.ListFormat(language, { type: 'conjunction' }).format(servedBy),
          }),
        ]
      : []),
  ].join(' ');

  return (
    <DetailScreen
      query={user}
      title={name}
      back={back}
      actions={
        user.isSuccess && (
          <DeleteButton
            label={t('webuser.delete')}
            confirm={{ name, message }}
            mutation={remove}
            variables={name}
            done={{ text: t('webuser.deleted', { name }), to: back.to }}
          />
        )
      }
      error={remove.isError ? errorText(t, remove.error, ERROR_PREFIX.webuser) : undefined}
      maw={640}
    >
      {(data) => (
        <>
          <Facts
            facts={[
              { label: t('webuser.home'), value: <LongName>{homeText(t, data.home)}</LongName> },
              {
                label: t('webuser.subdomains'),
                value: data.subdomains.length ? data.subdomains.join(', ') : '–',
              },
            ]}
          />
          <ChangeServicePassword
            username={name}
            change={change}
            errorText={(error) => errorText(t, error, ERROR_PREFIX.webuser)}
            invalidText={t('webuser.error.invalid_password')}
          />
        </>
      )}
    </DetailScreen>
  );
}
