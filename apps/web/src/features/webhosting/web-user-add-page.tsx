import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { webhosting } from '@haven/contract';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode, errorText } from '../../lib/error-text.ts';
import { routePath } from '../../app/routes.ts';
import { useCreateWebUser } from './api.ts';
import { ERROR_PREFIX } from './errors.ts';
import { fieldError } from './field-error.ts';
import { ScreenHeader } from './screen-header.tsx';
import { refineServicePassword, ServicePasswordFields } from '../../components/password/service-password.tsx';

const schema = z
  .object({ name: webhosting.webUserName, password: z.string().min(1, 'required'), password_repeat: z.string() })
  .superRefine((v, ctx) => refineServicePassword(() => v.name)(v, ctx));
type Values = z.input<typeof schema>;

const FIELD_CODES: Record<string, keyof Values> = { invalid_username: 'name', user_exists: 'name', invalid_password: 'password' };

/** Add a web user: an FTP account for the whole webspace of the domain. */
export function WebUserAddPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateWebUser(domain);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', password: '', password_repeat: '' },
  });
  const name = useWatch({ control: form.control, name: 'name' });

  const onSubmit = form.handleSubmit(({ name: login, password }) => {
    if (create.isPending) return;
    create.mutate(
      { name: login, password },
      {
        onSuccess: (user) => {
          toast.success(t('webuser.created', { name: user.name }));
          void navigate(routePath('web-user', { domain }));
        },
        onError: (error) => {
          const field = FIELD_CODES[errorCode(error)];
          if (field) form.setError(field, { type: 'server', message: errorText(t, error, ERROR_PREFIX.webuser) }, { shouldFocus: true });
        },
      },
    );
  });
  const fieldOwned = create.isError && FIELD_CODES[errorCode(create.error)] !== undefined;

  return (
    <Stack gap="md" maw={640}>
      <ScreenHeaderFor title={t('webuser.add_title')} domain={domain} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {create.isError && !fieldOwned && <FormError message={errorText(t, create.error, ERROR_PREFIX.webuser)} />}
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label={t('webuser.name')}
                  description={t('webuser.name_help')}
                  required
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  error={fieldError(t, fieldState.error, t('webuser.name'))}
                />
              )}
            />
            <ServicePasswordFields
              control={form.control}
              label={t('webuser.password')}
              repeatLabel={t('webuser.password_repeat')}
              username={name}
              invalidText={t('webuser.error.invalid_password')}
            />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={create.isPending}>
                {t('webuser.submit_add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function ScreenHeaderFor({ title, domain }: { title: string; domain: string }) {
  const { t } = useTranslation('webhosting');
  return <ScreenHeader title={title} intro={t('webuser.add_intro')} back={{ to: routePath('web-user', { domain }), label: t('webuser.back') }} />;
}
