import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routePath } from '../../../lib/paths.ts';
import { DeleteButton } from '../../../components/screen-kit/delete-button.tsx';
import { DetailScreen } from '../../../components/screen-kit/detail-screen.tsx';
import { toast } from '../../../components/toast.ts';
import { useDeleteList, useMailList } from './api.ts';
import { listErrorText } from './list-errors.ts';
import { ListSettingsForm } from './list-settings-form.tsx';
import { SubscribersPanel } from './subscribers-panel.tsx';

/** One list: its subscribers, its settings, delete after confirmation (specs: domain, name). */
export function ListDetailPage() {
  const { t } = useTranslation('mail-lists');
  const { domain = '', name = '' } = useParams();
  const address = `${name}@${domain}`;
  const list = useMailList(domain, name);
  const remove = useDeleteList(domain);
  const back = routePath('maillist', { domain });
  return (
    <DetailScreen
      query={list}
      title={address}
      back={{ to: back, label: t('back') }}
      actions={
        <DeleteButton
          label={t('delete')}
          confirm={{ name: address, message: t('delete_warning') }}
          mutation={remove}
          variables={name}
          done={{ text: t('deleted', { name: address }), to: back }}
          onError={(e) => toast.error(listErrorText(t, e))}
        />
      }
    >
      {(data) => (
        <>
          <SubscribersPanel domain={domain} name={name} />
          <ListSettingsForm domain={domain} list={data} />
        </>
      )}
    </DetailScreen>
  );
}
