import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceState } from '@haven/contract/hosting';

/** The service behind a screen: nginx for sites, pure-ftpd for web users, PowerDNS for zones. */
export type ServiceKind = 'web' | 'ftp' | 'dns';

const QUIET: readonly ServiceState[] = ['running', 'system'];

/** Whether the service answers (or is being restarted): its address is then worth showing. */
export const isServing = (service: { state: ServiceState }) =>
  service.state === 'running' || service.state === 'failing' || service.state === 'system';

/**
 * Says so when the service behind a screen is not installed, not running or failing: what the
 * customer saves is configured, but not served (never a pretend success).
 */
export function ServiceNotice({
  kind,
  service,
}: {
  kind: ServiceKind;
  service: { state: ServiceState; package: string | null } | undefined;
}) {
  const { t } = useTranslation('common');
  if (!service || QUIET.includes(service.state)) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t(`service.${kind}.title`)}
      role="note"
      // Mantine's yellow title on the light yellow background is below AA contrast (axe).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid={`service-notice-${kind}`}
    >
      {t(`service.${kind}.${service.state}`)}
      {service.package && ` ${t('service.install', { package: service.package })}`}
    </Alert>
  );
}
