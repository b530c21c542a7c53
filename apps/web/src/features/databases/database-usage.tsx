import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type * as databases from '@haven/contract/databases';
import { routePath } from '../../lib/paths.ts';

/** How many of the plan's databases are in use; `full` when no other can be made. */
export function usageOf(list: databases.DatabaseList) {
  const used = list.databases.length;
  return { used, max: list.max_databases, full: used >= list.max_databases };
}

/** The add button with "3 of 5 used" under it; at the limit a disabled button that says why. */
export function DatabaseAddButton({
  domain,
  list,
}: {
  domain: string;
  list: databases.DatabaseList | undefined;
}) {
  const { t } = useTranslation('databases');
  const usage = list ? usageOf(list) : null;
  const icon = <IconPlus size={18} aria-hidden />;
  return (
    <Stack gap={4} align="flex-end">
      {usage?.full ? (
        <Button leftSection={icon} disabled aria-describedby="database-usage">
          {t('list.add')}
        </Button>
      ) : (
        <Button
          component={Link}
          to={routePath('databaseadd', { domain })}
          leftSection={icon}
          aria-describedby={usage ? 'database-usage' : undefined}
        >
          {t('list.add')}
        </Button>
      )}
      {usage && (
        <Text size="sm" c="dimmed" id="database-usage" ta="right">
          {usage.full ? t('usage.full', usage) : t('usage.used', usage)}
        </Text>
      )}
    </Stack>
  );
}

/** Above the add form, before anything is typed: the count, and at the limit why it cannot. */
export function DatabaseLimitNotice({ list }: { list: databases.DatabaseList | undefined }) {
  const { t } = useTranslation('databases');
  if (!list) return null;
  const usage = usageOf(list);
  return (
    <Alert
      color={usage.full ? 'yellow' : 'blue'}
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      role={usage.full ? 'alert' : 'note'}
      title={t('usage.used', usage)}
    >
      {usage.full
        ? t('usage.full_text', usage)
        : t('usage.left', { count: usage.max - usage.used })}
    </Alert>
  );
}
