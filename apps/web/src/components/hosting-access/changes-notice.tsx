import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { useHostingChanges, useRetryHostingChange } from './use-hosting-changes.ts';

/** The kinds the screen has words for (the port a change went to); any other is "a change". */
const KINDS = ['webServer', 'ftp', 'webspace', 'files', 'dns', 'database', 'mail', 'cron'];

/**
 * Above every screen of a domain: changes saved but still waiting for the hosting server (it
 * is busy, or down: they are applied when it is back), and changes it could not apply, each
 * with "try again" and the way to the helpdesk.
 */
export function ChangesNotice({ domain }: { domain: string }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const { data } = useHostingChanges(domain);
  const retry = useRetryHostingChange(domain);
  if (!data || (data.pending === 0 && data.failed.length === 0)) return null;
  const what = (kind: string) => t(`changes.kind.${KINDS.includes(kind) ? kind : 'other'}`);
  return (
    <Stack gap="xs" mb="md">
      {data.pending > 0 && (
        <Alert
          color="blue"
          variant="light"
          role="status"
          icon={<IconClockHour4 aria-hidden />}
          title={t('changes.pending_title', { count: data.pending })}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {data.serverUp ? t('changes.pending_text') : t('changes.server_down_text')}
        </Alert>
      )}
      {data.failed.length > 0 && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('changes.failed_title', { count: data.failed.length })}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <List spacing={4} mb="xs">
            {data.failed.map((f) => (
              <List.Item key={f.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm">
                    {what(f.kind)} · {formatDate(f.at, language, true)}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={retry.isPending && retry.variables === f.id}
                    onClick={() => retry.mutate(f.id)}
                  >
                    {t('changes.retry')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
          <Text size="sm">
            {t('changes.failed_help')}{' '}
            <Anchor component={Link} to={routePath('helpdeskticket')}>
              {t('changes.helpdesk')}
            </Anchor>
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
