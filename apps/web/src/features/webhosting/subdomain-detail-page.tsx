import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DeleteButton } from '../../components/screen-kit/delete-button.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useDeleteSubdomain, useSubdomain } from './api.ts';
import { ERROR_PREFIX } from './errors.ts';
import { IniSettingsForm } from './ini-settings-form.tsx';
import { SubdomainSettingsForm } from './subdomain-settings-form.tsx';
import { ServiceNotice } from '../../components/hosting-access/service-notice.tsx';
import { useHostingAccess } from '../../components/hosting-access/use-hosting-access.ts';
import { SiteLink } from './site-link.tsx';

/** One subdomain: its web address, PHP version and FTP account, its PHP settings, and deleting it. */
export function SubdomainDetailPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '', name = '' } = useParams();
  const sub = useSubdomain(domain, name);
  const remove = useDeleteSubdomain(domain);
  const access = useHostingAccess(domain);
  const back = { to: routePath('subdomain', { domain }), label: t('subdomain.back') };

  const full = sub.data?.name ?? name;
  return (
    <DetailScreen
      query={sub}
      title={full}
      intro={sub.data && t('subdomain.docroot', { folder: sub.data.docroot })}
      back={back}
      actions={
        name !== 'www' &&
        sub.isSuccess && (
          <DeleteButton
            label={t('subdomain.delete')}
            confirm={{ name: full, message: t('subdomain.delete_confirm', { name: full }) }}
            mutation={remove}
            variables={name}
            done={{ text: t('subdomain.deleted', { name: full }), to: back.to }}
          />
        )
      }
      notice={
        <>
          {access.data && (
            <Group gap="xs" wrap="nowrap" align="baseline">
              <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
                {t('subdomain.address')}
              </Text>
              <Text size="sm" style={{ minWidth: 0 }}>
                <SiteLink access={access.data} subdomain={name} />
              </Text>
            </Group>
          )}
          <ServiceNotice kind="web" service={access.data?.web} />
        </>
      }
      error={remove.isError ? errorText(t, remove.error, ERROR_PREFIX.subdomain) : undefined}
      maw={900}
    >
      {(data) => (
        <>
          <SubdomainSettingsForm domain={domain} subdomain={data} />
          {data.phpHandlerId !== null && <IniSettingsForm domain={domain} sub={name} />}
        </>
      )}
    </DetailScreen>
  );
}
