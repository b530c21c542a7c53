import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import * as mail from '@haven/contract/mail';
import { routePath } from '../../lib/paths.ts';
import { serverErrors } from '../../components/add-form-screen.tsx';
import { FormCard } from '../../components/screen-kit/form-card.tsx';
import { toast } from '../../components/toast.ts';
import { useUpdateGroup } from './api.ts';
import { ListField } from './list-field.tsx';
import { mailErrorText } from './mail-errors.ts';

type Input = z.input<typeof mail.updateGroupBody>;
type Output = z.output<typeof mail.updateGroupBody>;

/** A group: its members and aliases. */
export function GroupDetail({ domain, detail }: { domain: string; detail: mail.MailGroupDetail }) {
  const { t } = useTranslation('mail');
  const navigate = useNavigate();
  const update = useUpdateGroup(domain, detail.name);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(mail.updateGroupBody),
    defaultValues: { alias: detail.alias, members: detail.members },
  });
  const errors = serverErrors(form.setError, {}, (e) => mailErrorText(t, e), {
    shown: ['alias', 'members'],
  });
  const onSubmit = form.handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(body, {
      onSuccess: () => {
        toast.success(t('detail.saved'));
        void navigate(routePath('mailaddress', { domain, type: 'group' }));
      },
      onError: errors.onError,
    });
  });
  return (
    <FormCard
      onSubmit={onSubmit}
      error={errors.formError(update)}
      submit={{ label: t('detail.save'), pending: update.isPending }}
      maw={760}
    >
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
    </FormCard>
  );
}
