import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as webhosting from '@haven/contract/webhosting';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useCreateWebUser } from './api.ts';
import { AddFormScreen, serverErrors } from '../../components/add-form-screen.tsx';
import { TextField } from './form-fields.tsx';
import { ERROR_PREFIX } from './errors.ts';
import { passwordRepeat } from '../../components/password/password-schema.ts';
import {
  refineServicePassword,
  ServicePasswordFields,
} from '../../components/password/service-password.tsx';

// The body with the name's rule the form can judge (the service answers the catalogue's codes).
const schema = webhosting.createWebUserBody
  .extend({ name: webhosting.webUserName, password_repeat: passwordRepeat })
  .superRefine((v, ctx) => refineServicePassword(() => v.name)(v, ctx));
type Values = z.input<typeof schema>;

const FIELD_CODES: Record<string, keyof Values> = {
  invalid_username: 'name',
  user_exists: 'name',
  invalid_password: 'password',
};

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

  const errors = serverErrors(form.setError, FIELD_CODES, (error) =>
    errorText(t, error, ERROR_PREFIX.webuser),
  );

  const onSubmit = form.handleSubmit(({ name: login, password }) => {
    if (create.isPending) return;
    create.mutate(
      { name: login, password },
      {
        onSuccess: (user) => {
          toast.success(t('webuser.created', { name: user.name }));
          void navigate(routePath('web-user', { domain }));
        },
        onError: errors.onError,
      },
    );
  });

  return (
    <AddFormScreen
      header={{
        title: t('webuser.add_title'),
        intro: t('webuser.add_intro'),
        back: { to: routePath('web-user', { domain }), label: t('webuser.back') },
      }}
      onSubmit={onSubmit}
      error={errors.formError(create)}
      submit={{ label: t('webuser.submit_add'), pending: create.isPending }}
    >
      <TextField
        control={form.control}
        name="name"
        label={t('webuser.name')}
        code
        description={t('webuser.name_help')}
        required
      />
      <ServicePasswordFields
        control={form.control}
        label={t('webuser.password')}
        repeatLabel={t('webuser.password_repeat')}
        username={name}
        invalidText={t('webuser.error.invalid_password')}
      />
    </AddFormScreen>
  );
}
