import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DeleteButton } from '../../components/screen-kit/delete-button.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { routePath } from '../../lib/paths.ts';
import { useChangeDatabaseUserPassword, useDatabase, useDeleteDatabaseUser } from './api.ts';
import { databaseErrorText } from './database-errors.ts';
import { ChangeServicePassword } from '../../components/password/change-service-password.tsx';

/** The part after the prefix, which the password must not contain. */
const userPart = (full: string) => full.slice(full.indexOf('_') + 1);

/** One database user: a new password, or deleting it (after confirmation). */
export function DatabaseUserDetailPage() {
  const { t } = useTranslation('databases');
  const { domain = '', name = '', username = '' } = useParams();
  const database = useDatabase(domain, name);
  const change = useChangeDatabaseUserPassword(domain, name, username);
  const remove = useDeleteDatabaseUser(domain, name);
  const detailPath = routePath('databasedetail', { domain, name });

  return (
    <DetailScreen
      query={database}
      exists={(data) => data.users.some((u) => u.name === username)}
      hold
      title={username}
      intro={t('user_detail.intro', { name })}
      back={{ to: detailPath, label: t('back_to_database', { name }) }}
      actions={
        <DeleteButton
          label={t('user_detail.delete')}
          confirm={{
            name: username,
            // What a website that connects as this user loses is said where the delete is confirmed.
            message: `${t('user_detail.confirm_delete', { name: username })} ${t('user_detail.delete_text')}`,
          }}
          mutation={remove}
          variables={username}
          done={{ text: t('user_detail.deleted', { name: username }), to: detailPath }}
        />
      }
      error={remove.isError ? databaseErrorText(t, remove.error) : undefined}
      maw={560}
    >
      {() => (
        <ChangeServicePassword
          username={userPart(username)}
          change={change}
          errorText={(error) => databaseErrorText(t, error)}
          invalidText={t('error.invalid_password')}
        />
      )}
    </DetailScreen>
  );
}
