import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { FormError } from '../../components/form-error.tsx';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useDeleteSubdomain, useSubdomain } from './api.ts';
import { ERROR_PREFIX } from './errors.ts';
import { IniSettingsForm } from './ini-settings-form.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SubdomainSettingsForm } from './subdomain-settings-form.tsx';
import { ServiceNotice } from '../../components/hosting-access/service-notice.tsx';
import { useHostingAccess } from '../../components/hosting-access/use-hosting-access.ts';
import { SiteLink } from './site-link.tsx';

/** One subdomain: its web address, PHP version and FTP account, its PHP settings, and deleting it. */
export function SubdomainDetailPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '', name = '' } = useParams();
  const navigate = useNavigate();
  const sub = useSubdomain(domain, name);
  const remove = useDeleteSubdomain(domain);
  const access = useHostingAccess(domain);
  const back = { to: routePath('subdomain', { domain }), label: t('subdomain.back') };

  const onDelete = () => {
    const full = sub.data?.name ?? name;
    confirmDelete({
      name: full,
      message: t('subdomain.delete_confirm', { name: full }),
      onConfirm: () =>
        remove.mutate(name, {
          onSuccess: () => {
            toast.success(t('subdomain.deleted', { name: full }));
            void navigate(back.to);
          },
        }),
    });
  };

  return (
    <OnlyIfExists query={sub}>
      <Stack gap="md" maw={900}>
        <ScreenHeader
          title={sub.data?.name ?? name}
          intro={sub.data && t('subdomain.docroot', { folder: sub.data.docroot })}
          back={back}
          actions={
            name !== 'www' &&
            sub.isSuccess && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={onDelete}
                loading={remove.isPending}
              >
                {t('subdomain.delete')}
              </Button>
            )
          }
        />
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
        {remove.isError && (
          <FormError message={errorText(t, remove.error, ERROR_PREFIX.subdomain)} />
        )}
        <QueryState query={sub}>
          {() =>
            sub.data && (
              <>
                <SubdomainSettingsForm domain={domain} subdomain={sub.data} />
                {sub.data.phpHandlerId !== null && <IniSettingsForm domain={domain} sub={name} />}
              </>
            )
          }
        </QueryState>
      </Stack>
    </OnlyIfExists>
  );
}
