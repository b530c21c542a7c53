import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import * as mail from '@haven/contract/mail';
import { serverErrors } from '../../components/add-form-screen.tsx';
import { useCreateGroup } from './api.ts';
import { ListField } from './list-field.tsx';
import { MailAddScreen, useMailAdded } from './mail-add-screen.tsx';
import { mailErrorText, mailFieldText } from './mail-errors.ts';

type Input = z.input<typeof mail.createGroupBody>;
type Output = z.output<typeof mail.createGroupBody>;

/** A new group: its name, members and aliases, by the contract's body. */
export function GroupAddForm({ domain }: { domain: string }) {
  const { t } = useTranslation('mail');
  const create = useCreateGroup(domain);
  const done = useMailAdded(domain, 'group');
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(mail.createGroupBody),
    defaultValues: { name: '', members: [], alias: [] },
  });
  const errors = serverErrors(form.setError, {}, (e) => mailErrorText(t, e), {
    shown: ['name', 'members', 'alias'],
  });
  const onSubmit = form.handleSubmit((v) => {
    if (!create.isPending) create.mutate(v, { onSuccess: done, onError: errors.onError });
  });

  return (
    <MailAddScreen
      domain={domain}
      type="group"
      onSubmit={onSubmit}
      error={errors.formError(create)}
      pending={create.isPending}
    >
      <TextInput
        label={t('fields.name')}
        {...form.register('name')}
        description={t('fields.name_hint', { domain })}
        error={mailFieldText(t, form.formState.errors.name?.message, t('fields.name'))}
        autoComplete="off"
        required
      />
      <ListField
        control={form.control}
        name="members"
        label={t('fields.members')}
        description={t('fields.list_hint')}
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
