import { Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as databases from '@haven/contract/databases';
import { CopyValueButton } from '../../components/copy-value-button.tsx';

function Detail({ label, value, copy }: { label: string; value: string; copy?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{value}</Code>
        {copy && <CopyValueButton value={value} label={copy} size={28} />}
      </Group>
    </Stack>
  );
}

/** What a site's config needs to reach this database: host, port, name and its users. */
export function ConnectionDetails({
  name,
  connection,
  users,
}: {
  name: string;
  connection: databases.DatabaseConnection;
  users: readonly databases.DatabaseUser[];
}) {
  const { t } = useTranslation('databases');
  const copy = (what: string) => t('common:copy.value', { what: what.toLowerCase() });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="db-conn">
      <Stack gap="sm">
        <Title order={2} size="h4" id="db-conn">
          {t('connection.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Detail
            label={t('connection.host')}
            value={connection.host}
            copy={copy(t('connection.host'))}
          />
          <Detail label={t('connection.port')} value={String(connection.port)} />
          <Detail
            label={t('connection.database')}
            value={name}
            copy={copy(t('connection.database'))}
          />
          <Detail
            label={t('connection.users')}
            value={users.length > 0 ? users.map((u) => u.name).join(', ') : '–'}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('connection.password')}
        </Text>
      </Stack>
    </Paper>
  );
}
