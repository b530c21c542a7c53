import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { useWebUsers } from './api.ts';
import { isServing, ServiceNotice } from '../../components/hosting-access/service-notice.tsx';
import { useHostingAccess } from '../../components/hosting-access/use-hosting-access.ts';
import { AddButton, ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { ListTable } from '../../components/screen-kit/list-table.tsx';

/** The home of a web user as a person reads it: the whole webspace, or one folder. */
export function homeText(t: (key: string) => string, home: string): string {
  return home === '' ? t('webuser.home_all') : `/${home}`;
}

/** The web users (FTP accounts) of the domain. */
export function WebUserListPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const list = useWebUsers(domain);
  const ftp = useHostingAccess(domain).data?.ftp;

  return (
    <ListScreen
      title={t('webuser.title')}
      intro={t('webuser.intro')}
      actions={<AddButton label={t('webuser.add')} to={routePath('web-user-add', { domain })} />}
      query={list}
      rows={list.data?.webusers}
      notice={
        ftp && (
          <Stack gap="sm">
            {isServing(ftp) && (
              <Text size="sm">
                <Text span inherit fw={500}>
                  {t('webuser.ftp_server')}:
                </Text>{' '}
                <Code data-testid="ftp-server">{t('webuser.ftp_server_text', ftp)}</Code>
              </Text>
            )}
            <ServiceNotice kind="ftp" service={ftp} />
          </Stack>
        )
      }
      empty={t('webuser.empty')}
      search={(u) => u.name}
      maw={960}
    >
      {(page) => (
        <ListTable
          rows={page}
          rowKey={(u) => u.id}
          name={{
            header: t('webuser.name'),
            text: (u) => u.name,
            to: (u) => routePath('web-user-detail', { domain, name: u.name }),
          }}
          columns={[
            { header: t('webuser.home'), wrap: true, cell: (u) => homeText(t, u.home) },
            {
              header: t('webuser.subdomains'),
              visibleFrom: 'xs',
              cell: (u) =>
                u.subdomains.length ? (
                  u.subdomains.join(', ')
                ) : (
                  <Text span c="dimmed" size="sm">
                    –
                  </Text>
                ),
            },
          ]}
        />
      )}
    </ListScreen>
  );
}
