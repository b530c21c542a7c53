import { Anchor, Button, Paper, Stack, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routePath } from '../../app/routes.ts';
import { useProtectedDirectories } from './api.ts';
import { EmptyState, QueryState } from './list-states.tsx';
import { ScreenHeader } from './screen-header.tsx';

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
    <Stack gap="md" maw={960}>
      <ScreenHeader
        title={t('protected_directory.title')}
        intro={t('protected_directory.intro')}
        actions={
          <Button component={Link} to={routePath('protecteddirectoryadd', { domain })} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('protected_directory.add')}
          </Button>
        }
      />
      <QueryState query={list}>
        {() =>
          list.data?.directories.length ? (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={300}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('protected_directory.name')}</Table.Th>
                      <Table.Th visibleFrom="xs">{t('protected_directory.description')}</Table.Th>
                      <Table.Th ta="end">{t('protected_directory.users')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.directories.map((d) => (
                      <Table.Tr key={d.id}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          <Anchor component={Link} to={routePath('protecteddirectorydetail', { domain, name: String(d.id) })} fw={500}>
                            {dirAddress(domain, d.subdomain, d.name)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td visibleFrom="xs">{d.description}</Table.Td>
                        <Table.Td ta="end">{d.users}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          ) : (
            <EmptyState text={t('protected_directory.empty')} />
          )
        }
      </QueryState>
    </Stack>
  );
}
