import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as mail from '@haven/contract/mail';
import { routePath } from '../../lib/paths.ts';
import { AddFormScreen, serverErrors } from '../../components/add-form-screen.tsx';
import { toast } from '../../components/toast.ts';
import { useCreateForward, useMailForwards } from './api.ts';
import { mailErrorText, mailFieldText } from './mail-errors.ts';

type Input = z.input<typeof mail.mailForwardInput>;
type Output = z.output<typeof mail.mailForwardInput>;

/** A new forward: a local part of the domain and the address it goes to. */
export function ForwardAddPage() {
  const { t } = useTranslation('mail');
  const { domain = '' } = useParams();
  const navigate = useNavigate();
  const list = useMailForwards(domain);
  const create = useCreateForward(domain);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(mail.mailForwardInput),
    defaultValues: { from: '', to: '' },
  });
  const errors = serverErrors(
    form.setError,
    { invalid_from: 'from', from_in_use: 'from', invalid_to: 'to' },
    (e) => mailErrorText(t, e),
    { shown: ['from', 'to'] },
  );
  const limit = list.data?.limit;
  const full = limit !== undefined && limit.current >= limit.max;
  const onSubmit = form.handleSubmit((body) => {
    if (create.isPending) return;
    create.mutate(body, {
      onSuccess: (made) => {
        toast.success(t('forward.created', { name: made.address }));
        void navigate(routePath('mailforward', { domain }));
      },
      onError: errors.onError,
    });
  });
  const err = form.formState.errors;
  return (
    <AddFormScreen
      header={{
        title: t('forward.add'),
        intro: t('forward.add_intro'),
        back: { to: routePath('mailforward', { domain }), label: t('forward.back') },
      }}
      notice={full ? <>{t('forward.error.limit_reached')}</> : undefined}
      onSubmit={onSubmit}
      error={errors.formError(create)}
      submit={{ label: t('add.submit'), pending: create.isPending, disabled: full }}
    >
      <TextInput
        label={t('forward.from')}
        description={t('fields.name_hint', { domain })}
        {...form.register('from')}
        error={mailFieldText(t, err.from?.message, t('forward.from'))}
        autoComplete="off"
        required
      />
      <TextInput
        type="email"
        label={t('forward.to_label')}
        {...form.register('to')}
        error={mailFieldText(t, err.to?.message, t('forward.to_label'))}
        autoComplete="off"
        required
      />
    </AddFormScreen>
  );
}
