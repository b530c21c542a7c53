import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as webhosting from '@haven/contract/webhosting';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useCreateProtectedDirectory, useSubdomains } from './api.ts';
import { AddFormScreen, serverErrors } from '../../components/add-form-screen.tsx';
import { TextField, SelectField } from './form-fields.tsx';
import { ERROR_PREFIX } from './errors.ts';

// The body with the path's and description's rules the form can judge (the service answers the catalogue's codes).
const schema = webhosting.createProtectedDirectoryBody.extend({
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

  const errors = serverErrors(form.setError, FIELD_CODES, (error) =>
    errorText(t, error, ERROR_PREFIX.protected_directory),
  );

  const onSubmit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: (dir) => {
        toast.success(t('protected_directory.created', { name: dir.name }));
        void navigate(routePath('protecteddirectorydetail', { domain, name: String(dir.id) }));
      },
      onError: errors.onError,
    });
  });
  const options = (subs.data?.subdomains ?? [{ name: `www.${domain}`, name_short: 'www' }]).map(
    (s) => ({ value: s.name_short, label: s.name }),
  );

  return (
    <AddFormScreen
      header={{
        title: t('protected_directory.add_title'),
        intro: t('protected_directory.add_intro'),
        back: {
          to: routePath('protecteddirectory', { domain }),
          label: t('protected_directory.back'),
        },
      }}
      onSubmit={onSubmit}
      error={errors.formError(create)}
      submit={{ label: t('protected_directory.submit_add'), pending: create.isPending }}
    >
      <SelectField
        control={form.control}
        name="subdomain"
        label={t('protected_directory.subdomain')}
        data={options}
        required
      />
      <TextField
        control={form.control}
        name="name"
        label={t('protected_directory.name')}
        code
        description={t('protected_directory.name_help')}
        leftSection={<span aria-hidden>/</span>}
        required
      />
      <TextField
        control={form.control}
        name="description"
        label={t('protected_directory.description')}
        description={t('protected_directory.description_help')}
      />
    </AddFormScreen>
  );
}
