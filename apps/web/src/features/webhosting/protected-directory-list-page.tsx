import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { useProtectedDirectories } from './api.ts';
import { AddButton, ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { ListTable } from '../../components/screen-kit/list-table.tsx';

/** Where a protected directory is, as an address: `www.example.nl/members`. */
export function dirAddress(domain: string, subdomain: string, path: string): string {
  return `${subdomain === 'www' ? `www.${domain}` : `${subdomain}.${domain}`}/${path}`;
}

/** The directories of the domain that ask for a name and password. */
export function ProtectedDirectoryListPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const list = useProtectedDirectories(domain);

  return (
    <ListScreen
      title={t('protected_directory.title')}
      intro={t('protected_directory.intro')}
      actions={
        <AddButton
          label={t('protected_directory.add')}
          to={routePath('protecteddirectoryadd', { domain })}
        />
      }
      query={list}
      rows={list.data?.directories}
      empty={t('protected_directory.empty')}
      search={(d) => dirAddress(domain, d.subdomain, d.name)}
      maw={960}
    >
      {(page) => (
        <ListTable
          rows={page}
          rowKey={(d) => d.id}
          name={{
            header: t('protected_directory.name'),
            text: (d) => dirAddress(domain, d.subdomain, d.name),
            to: (d) => routePath('protecteddirectorydetail', { domain, name: String(d.id) }),
          }}
          columns={[
            {
              header: t('protected_directory.description'),
              visibleFrom: 'xs',
              cell: (d) => d.description,
            },
            { header: t('protected_directory.users'), align: 'end', cell: (d) => d.users },
          ]}
        />
      )}
    </ListScreen>
  );
}
