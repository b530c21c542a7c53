import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useUsage } from './api.ts';

/**
 * The domain's disk use against its plan: the same figure the server enforces. Asked once the
 * listing is there: measuring a large home competes with it on the server.
 */
export function DiskUsage({ domain, enabled }: { domain: string; enabled: boolean }) {
  const { t } = useTranslation('filemanager');
  const language = useLanguage();
  const usage = useUsage(domain, enabled);
  if (!usage.data) return null;
  const { used, limit } = usage.data;
  // One decimal: a tiny share must not reach aria-valuetext as `2e-8%` (axe: invalid value).
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 1000) / 10) : 100;
  const text = t('quota.usage', {
    used: formatSize(used, language),
    limit: formatSize(limit, language),
  });
  return (
    <Group gap="sm" wrap="nowrap" aria-label={t('quota.label')} role="group">
      <Progress
        value={percent}
        color={percent >= 90 ? 'red' : 'blue'}
        w={120}
        aria-label={t('quota.label')}
        style={{ flexShrink: 0 }}
      />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}
