import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import * as mail from '@haven/contract/mail';
import { VALIDATION } from '@haven/contract/shared';
import { routePath } from '../../lib/paths.ts';
import { AddFormScreen, serverErrors } from '../../components/add-form-screen.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PasswordWithRepeat } from '../../components/password/password-with-repeat.tsx';
import { passwordRepeat, refineNewPassword } from '../../components/password/password-schema.ts';
import { toast } from '../../components/toast.ts';
import { useCreateAddress, useCreateGroup, useMailAccounts } from './api.ts';
import { isMailType } from './mail-list-page.tsx';
import { mailErrorText, mailFieldText } from './mail-errors.ts';
import { ListField } from './list-field.tsx';

const schema = z
  .object({
    type: z.enum(mail.MAIL_ADDRESS_TYPES),
    name: mail.mailName,
    password: z.string(),
    password_repeat: passwordRepeat,
    alias: z.array(mail.mailAlias),
    members: z.array(mail.mailTarget),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'address') refineNewPassword(v.name)(v, ctx);
    else if (v.members.length === 0)
      ctx.addIssue({ code: 'custom', path: ['members'], message: VALIDATION.required });
  });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** A new address (mailbox with password) or group (members); name lower-cased (specs §5). */
export function MailAddPage() {
  const { domain = '', type } = useParams();
  if (!isMailType(type)) return <NotFoundPage />;
  return <MailAdd domain={domain} type={type} />;
}

function MailAdd({ domain, type }: { domain: string; type: mail.MailAddressType }) {
  const { t } = useTranslation('mail');
  const navigate = useNavigate();
  const list = useMailAccounts(domain, type);
  const address = useCreateAddress(domain);
  const group = useCreateGroup(domain);
  const create = type === 'address' ? address : group;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { type, name: '', password: '', password_repeat: '', alias: [], members: [] },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const errors = serverErrors(
    form.setError,
    { invalid_password: 'password' },
    (e) => mailErrorText(t, e),
    { shown: ['name', 'password', 'alias', 'members'] },
  );
  const limit = list.data?.limit;
  const full = type === 'address' && limit?.max != null && limit.current >= limit.max;

  const onSubmit = form.handleSubmit((v) => {
    if (create.isPending) return;
    const done = (made: { name: string }) => {
      toast.success(t('add.created', { name: `${made.name}@${domain}` }));
      void navigate(routePath('mailaddress', { domain, type }));
    };
    if (v.type === 'address')
      address.mutate(
        {
          name: v.name,
          password: v.password,
          passwordRepeat: v.password_repeat,
          forwarding: { address: [] },
          alias: v.alias,
        },
        { onSuccess: done, onError: errors.onError },
      );
    else
      group.mutate(
        { name: v.name, alias: v.alias, members: v.members },
        { onSuccess: done, onError: errors.onError },
      );
  });

  return (
    <AddFormScreen
      header={{
        title: t(`add.title_${type}`),
        intro: t(`add.intro_${type}`),
        back: { to: routePath('mailaddress', { domain, type }), label: t('back_to_list') },
      }}
      notice={full ? <>{t('account.error.account_limit')}</> : undefined}
      onSubmit={onSubmit}
      error={errors.formError(create)}
      submit={{ label: t('add.submit'), pending: create.isPending, disabled: full }}
    >
      <TextInput
        label={t('fields.name')}
        {...form.register('name')}
        description={t('fields.name_hint', { domain })}
        error={mailFieldText(t, form.formState.errors.name?.message, t('fields.name'))}
        autoComplete="off"
        required
      />
      {type === 'address' ? (
        <PasswordWithRepeat
          control={form.control}
          name="password"
          repeatName="password_repeat"
          label={t('fields.password')}
          repeatLabel={t('fields.password_repeat')}
          username={name}
        />
      ) : (
        <ListField
          control={form.control}
          name="members"
          label={t('fields.members')}
          description={t('fields.list_hint')}
        />
      )}
      <ListField
        control={form.control}
        name="alias"
        label={t('fields.alias')}
        description={t('fields.alias_hint')}
        normalize={mail.normalizeAlias}
      />
    </AddFormScreen>
  );
}
