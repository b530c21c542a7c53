import { Anchor, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routePath } from '../../app/routes.ts';
import { usePhpVersions, useSubdomains } from './api.ts';
import { EmptyState, QueryState } from './list-states.tsx';
import { phpLabel } from './php-label.ts';
import { ScreenHeader } from './screen-header.tsx';

/** The domain's subdomains (www first) with their PHP version and FTP account. */
export function SubdomainListPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const list = useSubdomains(domain);
  const php = usePhpVersions(domain);

  return (
    <Stack gap="md" maw={960}>
      <ScreenHeader
        title={t('subdomain.title')}
        intro={t('subdomain.intro', { domain })}
        actions={
          <Button component={Link} to={routePath('subdomainadd', { domain })} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('subdomain.add')}
          </Button>
        }
      />
      <QueryState query={list}>
        {() =>
          list.data?.subdomains.length ? (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={300}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('subdomain.name')}</Table.Th>
                      <Table.Th>{t('subdomain.php')}</Table.Th>
                      <Table.Th visibleFrom="xs">{t('subdomain.ftp_account')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.subdomains.map((s) => (
                      <Table.Tr key={s.name_short}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          <Anchor component={Link} to={routePath('subdomaindetail', { domain, name: s.name_short })} fw={500}>
                            {s.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{phpLabel(s.phpHandlerId, php.data?.versions, t('subdomain.php_none'))}</Table.Td>
                        <Table.Td visibleFrom="xs">
                          {s.ftpAccount?.name ?? (
                            <Text span c="dimmed" size="sm">
                              {t('subdomain.ftp_none')}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          ) : (
            <EmptyState text={t('subdomain.empty')} />
          )
        }
      </QueryState>
    </Stack>
  );
}
