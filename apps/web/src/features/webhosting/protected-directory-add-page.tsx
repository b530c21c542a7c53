import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { VALIDATION, webhosting } from '@haven/contract';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode, errorText } from '../../lib/error-text.ts';
import { routePath } from '../../app/routes.ts';
import { useCreateProtectedDirectory, useSubdomains } from './api.ts';
import { ERROR_PREFIX } from './errors.ts';
import { fieldError } from './field-error.ts';
import { ScreenHeader } from './screen-header.tsx';

const schema = z.object({
  subdomain: z.string().min(1, VALIDATION.required),
  name: webhosting.dirPath,
  description: webhosting.dirDescription,
});
type Values = z.input<typeof schema>;

const FIELD_CODES: Record<string, keyof Values> = {
  unknown_subdomain: 'subdomain',
  invalid_name: 'name',
  name_in_use: 'name',
  invalid_description: 'description',
};

/** Protect a directory of a subdomain: which subdomain, which folder, and what it is for. */
export function ProtectedDirectoryAddPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const navigate = useNavigate();
  const subs = useSubdomains(domain);
  const create = useCreateProtectedDirectory(domain);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { subdomain: 'www', name: '', description: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: (dir) => {
        toast.success(t('protected_directory.created', { name: dir.name }));
        void navigate(routePath('protecteddirectorydetail', { domain, name: String(dir.id) }));
      },
      onError: (error) => {
        const field = FIELD_CODES[errorCode(error)];
        if (field) form.setError(field, { type: 'server', message: errorText(t, error, ERROR_PREFIX.protected_directory) }, { shouldFocus: true });
      },
    });
  });
  const fieldOwned = create.isError && FIELD_CODES[errorCode(create.error)] !== undefined;
  const options = (subs.data?.subdomains ?? [{ name: `www.${domain}`, name_short: 'www' }]).map((s) => ({ value: s.name_short, label: s.name }));

  return (
    <Stack gap="md" maw={640}>
      <ScreenHeader
        title={t('protected_directory.add_title')}
        intro={t('protected_directory.add_intro')}
        back={{ to: routePath('protecteddirectory', { domain }), label: t('protected_directory.back') }}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {create.isError && !fieldOwned && <FormError message={errorText(t, create.error, ERROR_PREFIX.protected_directory)} />}
            <Controller
              control={form.control}
              name="subdomain"
              render={({ field, fieldState }) => (
                <Select
                  label={t('protected_directory.subdomain')}
                  data={options}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? field.value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  required
                  error={fieldError(t, fieldState.error, t('protected_directory.subdomain'))}
                />
              )}
            />
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label={t('protected_directory.name')}
                  description={t('protected_directory.name_help')}
                  leftSection={<span aria-hidden>/</span>}
                  required
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  error={fieldError(t, fieldState.error, t('protected_directory.name'))}
                />
              )}
            />
            <Controller
              control={form.control}
              name="description"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label={t('protected_directory.description')}
                  description={t('protected_directory.description_help')}
                  error={fieldError(t, fieldState.error, t('protected_directory.description'))}
                />
              )}
            />
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={create.isPending}>
                {t('protected_directory.submit_add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
