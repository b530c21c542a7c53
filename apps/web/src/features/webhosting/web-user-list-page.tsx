import { Anchor, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routePath } from '../../app/routes.ts';
import { useWebUsers } from './api.ts';
import { EmptyState, QueryState } from './list-states.tsx';
import { ScreenHeader } from './screen-header.tsx';

/** The home of a web user as a person reads it: the whole webspace, or one folder. */
export function homeText(t: (key: string) => string, home: string): string {
  return home === '' ? t('webuser.home_all') : `/${home}`;
}

/** The web users (FTP accounts) of the domain. */
export function WebUserListPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const list = useWebUsers(domain);

  return (
    <Stack gap="md" maw={960}>
      <ScreenHeader
        title={t('webuser.title')}
        intro={t('webuser.intro')}
        actions={
          <Button component={Link} to={routePath('web-user-add', { domain })} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('webuser.add')}
          </Button>
        }
      />
      <QueryState query={list}>
        {() =>
          list.data?.webusers.length ? (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={300}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('webuser.name')}</Table.Th>
                      <Table.Th>{t('webuser.home')}</Table.Th>
                      <Table.Th visibleFrom="xs">{t('webuser.subdomains')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.webusers.map((u) => (
                      <Table.Tr key={u.id}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          <Anchor component={Link} to={routePath('web-user-detail', { domain, name: u.name })} fw={500}>
                            {u.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{homeText(t, u.home)}</Table.Td>
                        <Table.Td visibleFrom="xs">
                          {u.subdomains.length ? u.subdomains.join(', ') : <Text span c="dimmed" size="sm">–</Text>}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          ) : (
            <EmptyState text={t('webuser.empty')} />
          )
        }
      </QueryState>
    </Stack>
  );
}
