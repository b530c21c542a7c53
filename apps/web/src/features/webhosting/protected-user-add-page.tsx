import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { VALIDATION, webhosting } from '@haven/contract';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode, errorText } from '../../lib/error-text.ts';
import { routePath } from '../../app/routes.ts';
import { useCreateProtectedUser, useProtectedDirectory } from './api.ts';
import { ERROR_PREFIX } from './errors.ts';
import { fieldError } from './field-error.ts';
import { dirAddress } from './protected-directory-list-page.tsx';
import { ScreenHeader } from './screen-header.tsx';
import { refineServicePassword, ServicePasswordFields } from '../../components/password/service-password.tsx';

const schema = z
  .object({ name: webhosting.dirUserName, password: z.string().min(1, VALIDATION.required), password_repeat: z.string() })
  .superRefine((v, ctx) => refineServicePassword(() => v.name)(v, ctx));
type Values = z.input<typeof schema>;

const FIELD_CODES: Record<string, keyof Values> = { invalid_username: 'name', user_exists: 'name', invalid_password: 'password' };

/** Add a user (name and password) to a protected directory. */
export function ProtectedUserAddPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '', name = '' } = useParams();
  const id = Number(name);
  const navigate = useNavigate();
  const dir = useProtectedDirectory(domain, id);
  const create = useCreateProtectedUser(domain, id);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', password: '', password_repeat: '' },
  });
  const username = useWatch({ control: form.control, name: 'name' });
  const detail = routePath('protecteddirectorydetail', { domain, name });

  const onSubmit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(
      { name: values.name, password: values.password },
      {
        onSuccess: (user) => {
          toast.success(t('protected_directory.user_created', { name: user.name }));
          void navigate(detail);
        },
        onError: (error) => {
          const field = FIELD_CODES[errorCode(error)];
          if (field) form.setError(field, { type: 'server', message: errorText(t, error, ERROR_PREFIX.protected_directory) }, { shouldFocus: true });
        },
      },
    );
  });
  const fieldOwned = create.isError && FIELD_CODES[errorCode(create.error)] !== undefined;
  const address = dir.data ? dirAddress(domain, dir.data.directory.subdomain, dir.data.directory.name) : '';

  return (
    <Stack gap="md" maw={640}>
      <ScreenHeader
        title={t('protected_directory.user_add_title')}
        intro={address && t('protected_directory.user_add_intro', { name: address })}
        back={{ to: detail, label: t('protected_directory.back_detail') }}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {create.isError && !fieldOwned && <FormError message={errorText(t, create.error, ERROR_PREFIX.protected_directory)} />}
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label={t('protected_directory.user_name')}
                  required
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  error={fieldError(t, fieldState.error, t('protected_directory.user_name'))}
                />
              )}
            />
            <ServicePasswordFields
              control={form.control}
              label={t('password.label')}
              repeatLabel={t('password.repeat')}
              username={username}
              invalidText={t('protected_directory.error.invalid_password')}
            />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={create.isPending}>
                {t('protected_directory.user_submit_add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
