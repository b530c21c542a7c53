import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconApps, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import * as webapps from '@haven/contract/webapps';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { FormError } from '../../components/form-error.tsx';
import { LongName } from '../../components/long-name.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { routePath } from '../../lib/paths.ts';
import { useDeleteWebapp, useWebapps } from './api.ts';

function WebappRow({ domain, app }: { domain: string; app: webapps.Webapp }) {
  const { t } = useTranslation('webapps');
  const remove = useDeleteWebapp(domain);
  const name = `${app.name} ${app.version}`;
  const ask = () =>
    confirmDelete({
      name,
      message: t('list.delete_message', { url: app.url }),
      onConfirm: () =>
        remove.mutate(app.id, {
          onSuccess: () => toast.success(t('list.deleted', { name })),
          onError: (error) => toast.error(errorText(t, error)),
        }),
    });
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: 1 }}>
          <IconApps size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={600}>{name}</Text>
              {app.state !== 'ready' && <Badge variant="light">{t(`state.${app.state}`)}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {t('list.subdomain')}:{' '}
              <LongName>
                {app.subdomain === webapps.MAIN_SITE ? t('list.main_site') : app.subdomain}
              </LongName>{' '}
              · {t('list.directory')}: {app.directory === '' ? '/' : `/${app.directory}`}
            </Text>
            <Group gap="md">
              <Anchor href={app.url} target="_blank" rel="noopener noreferrer" size="sm">
                {t('list.open_site')}
              </Anchor>
              <Anchor href={app.admin_url} target="_blank" rel="noopener noreferrer" size="sm">
                {t('list.open_admin')}
              </Anchor>
            </Group>
          </Stack>
        </Group>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={ask}
          loading={remove.isPending}
          disabled={app.state === 'installing'}
          aria-label={t('list.delete_label', { name })}
        >
          {t('list.delete')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The domain's installed web apps, each with its site and admin links and a delete. */
export function WebappListPage() {
  const { t } = useTranslation('webapps');
  usePageTitle(t('list.title'));
  const { domain = '' } = useParams();
  const list = useWebapps(domain);
  const apps = list.data?.webapps ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Button component={Link} to={routePath('webappadd', { domain })}>
          {t('list.add')}
        </Button>
      </Group>
      {list.isPending && <PageLoader />}
      {list.isError && <FormError message={errorText(t, list.error)} />}
      {list.data && apps.length === 0 && <Text>{t('list.empty')}</Text>}
      {apps.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('list.title')}
        >
          {apps.map((app) => (
            <WebappRow key={app.id} domain={domain} app={app} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
