import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DeleteButton } from '../../components/screen-kit/delete-button.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useDeleteProtectedUser, useProtectedDirectory, useUpdateProtectedUser } from './api.ts';
import { ChangeServicePassword } from '../../components/password/change-service-password.tsx';
import { ERROR_PREFIX } from './errors.ts';
import { dirAddress } from './protected-directory-list-page.tsx';

/** One user of a protected directory: a new password, or deleting the user. */
export function ProtectedUserDetailPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '', name = '', username = '' } = useParams();
  const id = Number(name);
  const dir = useProtectedDirectory(domain, id);
  const change = useUpdateProtectedUser(domain, id, username);
  const remove = useDeleteProtectedUser(domain, id);
  const detail = routePath('protecteddirectorydetail', { domain, name });

  return (
    <DetailScreen
      query={dir}
      invalid={!(Number.isInteger(id) && id > 0)}
      exists={(data) => data.users.some((u) => u.name === username)}
      hold
      title={username}
      intro={dir.data && dirAddress(domain, dir.data.directory.subdomain, dir.data.directory.name)}
      back={{ to: detail, label: t('protected_directory.back_detail') }}
      actions={
        dir.isSuccess && (
          <DeleteButton
            label={t('protected_directory.user_delete')}
            confirm={{
              name: username,
              message: t('protected_directory.user_delete_confirm', { name: username }),
            }}
            mutation={remove}
            variables={username}
            done={{ text: t('protected_directory.user_deleted', { name: username }), to: detail }}
          />
        )
      }
      error={
        remove.isError ? errorText(t, remove.error, ERROR_PREFIX.protected_directory) : undefined
      }
      maw={640}
    >
      {() => (
        <ChangeServicePassword
          username={username}
          change={change}
          errorText={(error) => errorText(t, error, ERROR_PREFIX.protected_directory)}
          invalidText={t('protected_directory.error.invalid_password')}
        />
      )}
    </DetailScreen>
  );
}
