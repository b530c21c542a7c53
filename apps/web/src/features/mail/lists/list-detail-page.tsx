import { Button, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { routePath } from '../../../lib/paths.ts';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { OnlyIfExists } from '../../../components/only-if-exists.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { toast } from '../../../components/toast.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDeleteList, useMailList } from './api.ts';
import { listErrorText } from './list-errors.ts';
import { ListSettingsForm } from './list-settings-form.tsx';
import { SubscribersPanel } from './subscribers-panel.tsx';

/** One list: its subscribers, its settings, delete after confirmation (specs: domain, name). */
export function ListDetailPage() {
  const { t } = useTranslation('mail-lists');
  const { domain = '', name = '' } = useParams();
  const address = `${name}@${domain}`;
  usePageTitle(address);
  const navigate = useNavigate();
  const list = useMailList(domain, name);
  const remove = useDeleteList(domain);
  const onDelete = () =>
    confirmDelete({
      name: address,
      message: t('delete_warning'),
      onConfirm: () =>
        remove.mutate(name, {
          onSuccess: () => {
            toast.success(t('deleted', { name: address }));
            void navigate(routePath('maillist', { domain }));
          },
          onError: (e) => toast.error(listErrorText(t, e)),
        }),
    });
  return (
    <OnlyIfExists query={list}>
      <Stack gap="md">
        <ScreenHeader
          title={address}
          back={{ to: routePath('maillist', { domain }), label: t('back') }}
          actions={
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onDelete}
              loading={remove.isPending}
            >
              {t('delete')}
            </Button>
          }
        />
        <QueryState query={list}>
          {() =>
            list.data && (
              <>
                <SubscribersPanel domain={domain} name={name} />
                <ListSettingsForm domain={domain} list={list.data} />
              </>
            )
          }
        </QueryState>
      </Stack>
    </OnlyIfExists>
  );
}
