import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { FormError } from '../../components/form-error.tsx';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { useDeleteWebUser, useUpdateWebUser, useWebUser } from './api.ts';
import { ChangeServicePassword } from '../../components/password/change-service-password.tsx';
import { ERROR_PREFIX } from './errors.ts';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { homeText } from './web-user-list-page.tsx';
import { LongName } from '../../components/long-name.tsx';

/** One web user: where it may go, a new password, and deleting it. */
export function WebUserDetailPage() {
  const { t } = useTranslation('webhosting');
  const language = useLanguage();
  const { domain = '', name = '' } = useParams();
  const navigate = useNavigate();
  const user = useWebUser(domain, name);
  const change = useUpdateWebUser(domain, name);
  const remove = useDeleteWebUser(domain);
  const back = { to: routePath('web-user', { domain }), label: t('webuser.back') };

  // The subdomains it is the FTP account of lose it: the confirmation names them.
  const servedBy = (user.data?.subdomains ?? []).map((s) => `${s}.${domain}`);
  const onDelete = () =>
    confirmDelete({
      name,
      message: [
        t('webuser.delete_confirm', { name }),
        ...(servedBy.length > 0
          ? [
              t('webuser.delete_confirm_subdomains', {
                count: servedBy.length,
                subdomains: new Intl.ListFormat(language, { type: 'conjunction' }).format(servedBy),
              }),
            ]
          : []),
      ].join(' '),
      onConfirm: () =>
        remove.mutate(name, {
          onSuccess: () => {
            toast.success(t('webuser.deleted', { name }));
            void navigate(back.to);
          },
        }),
    });

  return (
    <OnlyIfExists query={user}>
      <Stack gap="md" maw={640}>
        <ScreenHeader
          title={name}
          back={back}
          actions={
            user.isSuccess && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={onDelete}
                loading={remove.isPending}
              >
                {t('webuser.delete')}
              </Button>
            )
          }
        />
        {remove.isError && <FormError message={errorText(t, remove.error, ERROR_PREFIX.webuser)} />}
        <QueryState query={user}>
          {() =>
            user.data && (
              <>
                <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <div>
                      <Text size="sm" c="dimmed">
                        {t('webuser.home')}
                      </Text>
                      <Text>
                        <LongName>{homeText(t, user.data.home)}</LongName>
                      </Text>
                    </div>
                    <div>
                      <Text size="sm" c="dimmed">
                        {t('webuser.subdomains')}
                      </Text>
                      <Text>
                        {user.data.subdomains.length ? user.data.subdomains.join(', ') : '–'}
                      </Text>
                    </div>
                  </SimpleGrid>
                </Paper>
                <ChangeServicePassword
                  username={name}
                  change={change}
                  errorText={(error) => errorText(t, error, ERROR_PREFIX.webuser)}
                  invalidText={t('webuser.error.invalid_password')}
                />
              </>
            )
          }
        </QueryState>
      </Stack>
    </OnlyIfExists>
  );
}
