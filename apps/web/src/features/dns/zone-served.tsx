import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isServing, ServiceNotice } from '../../components/hosting-access/service-notice.tsx';
import { useHostingAccess } from '../../components/hosting-access/use-hosting-access.ts';

/**
 * Where the zone is served on this installation: the local node's DNS server (with the `dig`
 * line to try it) or the provider's name servers; a notice when the DNS server does not run.
 */
export function ZoneServed({ domain }: { domain: string }) {
  const { t } = useTranslation('dns');
  const dns = useHostingAccess(domain).data?.dns;
  if (!dns) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('served.label')}>
      {!isServing(dns) ? null : dns.server ? (
        <Text size="sm">
          {t('served.local', dns.server)}{' '}
          <Code data-testid="zone-dig">
            dig @{dns.server.host} -p {dns.server.port} {domain}
          </Code>
        </Text>
      ) : (
        <Text size="sm">
          {t('served.nameservers', { nameservers: dns.nameservers.join(', ') })}
        </Text>
      )}
      <ServiceNotice kind="dns" service={dns} />
    </Stack>
  );
}
