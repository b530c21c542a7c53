import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routePath } from '../../app/routes.ts';
import { usePhpVersions, useSubdomains } from './api.ts';
import { ListScreen } from './list-screen.tsx';
import { phpLabel } from './php-label.ts';

/** The domain's subdomains (www first) with their PHP version and FTP account. */
export function SubdomainListPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const list = useSubdomains(domain);
  const php = usePhpVersions(domain);

  return (
    <ListScreen
      title={t('subdomain.title')}
      intro={t('subdomain.intro', { domain })}
      add={{ label: t('subdomain.add'), to: routePath('subdomainadd', { domain }) }}
      query={list}
      rows={list.data?.subdomains}
      rowKey={(s) => s.name_short}
      name={{
        header: t('subdomain.name'),
        text: (s) => s.name,
        to: (s) => routePath('subdomaindetail', { domain, name: s.name_short }),
      }}
      columns={[
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
      empty={t('subdomain.empty')}
    />
  );
}
