import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isServing, ServiceNotice } from '../../components/hosting-access/service-notice.tsx';
import { useHostingAccess } from '../../components/hosting-access/use-hosting-access.ts';

/**
 * The name servers that publish the zone, as the customer would enter them at a registrar; a
 * notice when the DNS server does not run. The local node's test address (127.0.0.1 and its
 * port) is the operator's: `haven services` lists it, the customer's screen does not.
 */
export function ZoneServed({ domain }: { domain: string }) {
  const { t } = useTranslation('dns');
  const dns = useHostingAccess(domain).data?.dns;
  if (!dns) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('served.label')}>
      {isServing(dns) && dns.nameservers.length > 0 && (
        <Text size="sm">
          {t('served.nameservers', { nameservers: dns.nameservers.join(', ') })}
        </Text>
      )}
      <ServiceNotice kind="dns" service={dns} />
    </Stack>
  );
}
