import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  subdomainAddress,
  type HostingAccessView,
} from '../../components/hosting-access/use-hosting-access.ts';
import { LongName } from '../../components/long-name.tsx';

/**
 * A subdomain's web address, opened in a new tab. `short` (the list) shows "Open" and names the
 * subdomain by its short name only, so the row's own link stays the one named after the subdomain.
 */
export function SiteLink({
  access,
  subdomain,
  short = false,
}: {
  access: HostingAccessView | undefined;
  subdomain: string;
  short?: boolean;
}) {
  const { t } = useTranslation('webhosting');
  if (!access) return null;
  const address = subdomainAddress(access.web.subdomainUrl, subdomain);
  return (
    <Anchor
      href={address}
      target="_blank"
      rel="noopener"
      title={address}
      aria-label={short ? t('subdomain.open_label', { name: subdomain }) : undefined}
      style={short ? { whiteSpace: 'nowrap' } : undefined}
    >
      <Group gap={4} wrap="nowrap" component="span" display="inline-flex">
        <Text span inherit>
          {short ? t('subdomain.open') : <LongName>{address}</LongName>}
        </Text>
        <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
        {!short && <VisuallyHidden>{t('subdomain.new_tab')}</VisuallyHidden>}
      </Group>
    </Anchor>
  );
}
