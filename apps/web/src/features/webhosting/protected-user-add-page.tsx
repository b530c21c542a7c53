import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as webhosting from '@haven/contract/webhosting';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useCreateProtectedUser, useProtectedDirectory } from './api.ts';
import { AddFormScreen, serverErrors } from '../../components/add-form-screen.tsx';
import { TextField } from './form-fields.tsx';
import { ERROR_PREFIX } from './errors.ts';
import { dirAddress } from './protected-directory-list-page.tsx';
import { passwordRepeat } from '../../components/password/password-schema.ts';
import {
  refineServicePassword,
  ServicePasswordFields,
} from '../../components/password/service-password.tsx';

// The body with the name's rule the form can judge (the service answers the catalogue's codes).
const schema = webhosting.protectedUserBody
  .extend({ name: webhosting.dirUserName, password_repeat: passwordRepeat })
  .superRefine((v, ctx) => refineServicePassword(() => v.name)(v, ctx));
type Values = z.input<typeof schema>;

const FIELD_CODES: Record<string, keyof Values> = {
  invalid_username: 'name',
  user_exists: 'name',
  invalid_password: 'password',
};

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

  const errors = serverErrors(form.setError, FIELD_CODES, (error) =>
    errorText(t, error, ERROR_PREFIX.protected_directory),
  );

  const onSubmit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(
      { name: values.name, password: values.password },
      {
        onSuccess: (user) => {
          toast.success(t('protected_directory.user_created', { name: user.name }));
          void navigate(detail);
        },
        onError: errors.onError,
      },
    );
  });
  const address = dir.data
    ? dirAddress(domain, dir.data.directory.subdomain, dir.data.directory.name)
    : '';

  return (
    <OnlyIfExists query={dir} invalid={!(Number.isInteger(id) && id > 0)} hold>
      <AddFormScreen
        header={{
          title: t('protected_directory.user_add_title'),
          intro: address && t('protected_directory.user_add_intro', { name: address }),
          back: { to: detail, label: t('protected_directory.back_detail') },
        }}
        onSubmit={onSubmit}
        error={errors.formError(create)}
        submit={{ label: t('protected_directory.user_submit_add'), pending: create.isPending }}
      >
        <TextField
          control={form.control}
          name="name"
          label={t('protected_directory.user_name')}
          code
          required
        />
        <ServicePasswordFields
          control={form.control}
          label={t('password.label')}
          repeatLabel={t('password.repeat')}
          username={username}
          invalidText={t('protected_directory.error.invalid_password')}
        />
      </AddFormScreen>
    </OnlyIfExists>
  );
}
