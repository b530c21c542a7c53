import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import * as mail from '@haven/contract/mail';
import { serverErrors } from '../../components/add-form-screen.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PasswordWithRepeat } from '../../components/password/password-with-repeat.tsx';
import { refinePasswordPolicy } from '../../components/password/password-schema.ts';
import { useCreateAddress, useMailAccounts } from './api.ts';
import { GroupAddForm } from './group-add-form.tsx';
import { MailAddScreen, useMailAdded } from './mail-add-screen.tsx';
import { isMailType } from './mail-list-page.tsx';
import { mailErrorText, mailFieldText } from './mail-errors.ts';
import { ListField } from './list-field.tsx';

// The contract's body (name, password and its repeat, aliases), with the policy on the password.
const schema = mail.createAddressBody.superRefine((v, ctx) => refinePasswordPolicy(v.name)(v, ctx));

/** A new address (mailbox with password) or group (members); name lower-cased (specs §5). */
export function MailAddPage() {
  const { domain = '', type } = useParams();
  if (!isMailType(type)) return <NotFoundPage />;
  return type === 'address' ? <AddressAdd domain={domain} /> : <GroupAddForm domain={domain} />;
}

function AddressAdd({ domain }: { domain: string }) {
  const { t } = useTranslation('mail');
  const list = useMailAccounts(domain, 'address');
  const create = useCreateAddress(domain);
  const done = useMailAdded(domain, 'address');
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      password: '',
      passwordRepeat: '',
      forwarding: { address: [] },
      alias: [],
    },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const errors = serverErrors(
    form.setError,
    { invalid_password: 'password' },
    (e) => mailErrorText(t, e),
    { shown: ['name', 'password', 'alias'] },
  );
  const limit = list.data?.limit;
  const full = limit?.max != null && limit.current >= limit.max;
  const onSubmit = form.handleSubmit((v) => {
    if (!create.isPending) create.mutate(v, { onSuccess: done, onError: errors.onError });
  });

  return (
    <MailAddScreen
      domain={domain}
      type="address"
      onSubmit={onSubmit}
      error={errors.formError(create)}
      pending={create.isPending}
      full={full}
    >
      <TextInput
        label={t('fields.name')}
        {...form.register('name')}
        description={t('fields.name_hint', { domain })}
        error={mailFieldText(t, form.formState.errors.name?.message, t('fields.name'))}
        autoComplete="off"
        required
      />
      <PasswordWithRepeat
        control={form.control}
        name="password"
        repeatName="passwordRepeat"
        label={t('fields.password')}
        repeatLabel={t('fields.password_repeat')}
        username={name}
      />
      <ListField
        control={form.control}
        name="alias"
        label={t('fields.alias')}
        description={t('fields.alias_hint')}
        normalize={mail.normalizeAlias}
      />
    </MailAddScreen>
  );
}
