import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as mail from '@haven/contract/mail';
import { routePath } from '../../lib/paths.ts';
import { serverErrors } from '../../components/add-form-screen.tsx';
import { FormCard } from '../../components/screen-kit/form-card.tsx';
import { DeleteButton } from '../../components/screen-kit/delete-button.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { toast } from '../../components/toast.ts';
import { useDeleteForward, useMailForwards, useUpdateForward } from './api.ts';
import { mailErrorText, mailFieldText } from './mail-errors.ts';

type Input = z.input<typeof mail.updateForwardBody>;
type Output = z.output<typeof mail.updateForwardBody>;

function ForwardForm({ domain, record }: { domain: string; record: mail.MailForward }) {
  const { t } = useTranslation('mail');
  const navigate = useNavigate();
  const update = useUpdateForward(domain, record.host);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(mail.updateForwardBody),
    defaultValues: { value: record.value },
  });
  const errors = serverErrors(form.setError, { invalid_to: 'value' }, (e) => mailErrorText(t, e));
  const onSubmit = form.handleSubmit(({ value }) => {
    if (update.isPending) return;
    update.mutate(value, {
      onSuccess: () => {
        toast.success(t('detail.saved'));
        void navigate(routePath('mailforward', { domain }));
      },
      onError: errors.onError,
    });
  });
  return (
    <FormCard
      onSubmit={onSubmit}
      error={errors.formError(update)}
      submit={{ label: t('detail.save'), pending: update.isPending }}
      maw={640}
    >
      <TextInput
        type="email"
        label={t('forward.to_label')}
        {...form.register('value')}
        error={mailFieldText(t, form.formState.errors.value?.message, t('forward.to_label'))}
        required
      />
    </FormCard>
  );
}

/** One forward: change its target or delete it (specs: update from and value). */
export function ForwardDetailPage() {
  const { t } = useTranslation('mail');
  const { domain = '', from = '' } = useParams();
  const list = useMailForwards(domain);
  const remove = useDeleteForward(domain);
  const address = `${from}@${domain}`;
  const back = routePath('mailforward', { domain });
  const recordOf = (data: mail.MailForwardList) => data.records.find((r) => r.host === from);
  return (
    <DetailScreen
      query={list}
      exists={(data) => recordOf(data) !== undefined}
      title={address}
      back={{ to: back, label: t('forward.back') }}
      actions={
        <DeleteButton
          label={t('detail.delete')}
          confirm={{ name: address, message: t('forward.delete_warning') }}
          mutation={remove}
          variables={from}
          done={{ text: t('detail.deleted', { name: address }), to: back }}
          onError={(e) => toast.error(mailErrorText(t, e))}
        />
      }
    >
      {(data) => {
        const record = recordOf(data);
        return record && <ForwardForm domain={domain} record={record} />;
      }}
    </DetailScreen>
  );
}
