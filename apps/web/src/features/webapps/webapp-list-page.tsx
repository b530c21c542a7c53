import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as webapps from '@haven/contract/webapps';
import { LongName } from '../../components/long-name.tsx';
import { CardList, ListCard } from '../../components/screen-kit/card-list.tsx';
import { DeleteButton } from '../../components/screen-kit/delete-button.tsx';
import { AddButton, ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useDeleteWebapp, useWebapps } from './api.ts';

function WebappRow({ domain, app }: { domain: string; app: webapps.Webapp }) {
  const { t } = useTranslation('webapps');
  const remove = useDeleteWebapp(domain);
  const name = `${app.name} ${app.version}`;
  const subdomain = app.subdomain === webapps.MAIN_SITE ? t('list.main_site') : app.subdomain;
  return (
    <ListCard
      icon={IconApps}
      name={name}
      badge={app.state !== 'ready' && <Badge variant="light">{t(`state.${app.state}`)}</Badge>}
      aside={
        <DeleteButton
          label={t('list.delete')}
          aria-label={t('list.delete_label', { name })}
          confirm={{ name, message: t('list.delete_message', { url: app.url }) }}
          mutation={remove}
          variables={app.id}
          done={{ text: t('list.deleted', { name }) }}
          onError={(error) => toast.error(errorText(t, error))}
          disabled={app.state === 'installing'}
        />
      }
    >
      <Text size="sm" c="dimmed">
        {t('list.subdomain')}: <LongName>{subdomain}</LongName> · {t('list.directory')}:{' '}
        {app.directory === '' ? '/' : `/${app.directory}`}
      </Text>
      <Group gap="md">
        <Anchor href={app.url} target="_blank" rel="noopener noreferrer" size="sm">
          {t('list.open_site')}
        </Anchor>
        <Anchor href={app.admin_url} target="_blank" rel="noopener noreferrer" size="sm">
          {t('list.open_admin')}
        </Anchor>
      </Group>
    </ListCard>
  );
}

/** The domain's installed web apps, each with its site and admin links and a delete. */
export function WebappListPage() {
  const { t } = useTranslation('webapps');
  const { domain = '' } = useParams();
  const list = useWebapps(domain);
  return (
    <ListScreen
      title={t('list.title')}
      actions={<AddButton label={t('list.add')} to={routePath('webappadd', { domain })} />}
      query={list}
      rows={list.data?.webapps}
      empty={t('list.empty')}
    >
      {(page) => (
        <CardList label={t('list.title')}>
          {page.map((app) => (
            <WebappRow key={app.id} domain={domain} app={app} />
          ))}
        </CardList>
      )}
    </ListScreen>
  );
}
