import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { usePhpVersions, useSubdomains } from './api.ts';
import { ServiceNotice } from '../../components/hosting-access/service-notice.tsx';
import { useHostingAccess } from '../../components/hosting-access/use-hosting-access.ts';
import { AddButton, ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { ListTable } from '../../components/screen-kit/list-table.tsx';
import { SiteLink } from './site-link.tsx';
import { phpLabel } from './php-label.ts';

/** The domain's subdomains (www first) with their web address, PHP version and FTP account. */
export function SubdomainListPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const list = useSubdomains(domain);
  const php = usePhpVersions(domain);
  const access = useHostingAccess(domain);

  return (
    <ListScreen
      title={t('subdomain.title')}
      intro={t('subdomain.intro', { domain })}
      actions={<AddButton label={t('subdomain.add')} to={routePath('subdomainadd', { domain })} />}
      query={list}
      rows={list.data?.subdomains}
      notice={<ServiceNotice kind="web" service={access.data?.web} />}
      empty={t('subdomain.empty')}
      search={(s) => s.name}
      maw={960}
    >
      {(page) => (
        <ListTable
          rows={page}
          rowKey={(s) => s.name_short}
          name={{
            header: t('subdomain.name'),
            text: (s) => s.name,
            to: (s) => routePath('subdomaindetail', { domain, name: s.name_short }),
          }}
          columns={[
            {
              header: t('subdomain.website'),
              cell: (s) => <SiteLink access={access.data} subdomain={s.name_short} short />,
            },
            {
              header: t('subdomain.php'),
              cell: (s) => phpLabel(s.phpHandlerId, php.data?.versions, t('subdomain.php_none')),
            },
            {
              header: t('subdomain.ftp_account'),
              visibleFrom: 'xs',
              cell: (s) =>
                s.ftpAccount?.name ?? (
                  <Text span c="dimmed" size="sm">
                    {t('subdomain.ftp_none')}
                  </Text>
                ),
            },
          ]}
        />
      )}
    </ListScreen>
  );
}
