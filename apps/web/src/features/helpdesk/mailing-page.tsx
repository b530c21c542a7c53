import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, Switch } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as helpdesk from '@haven/contract/helpdesk';
import { FormError } from '../../components/form-error.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SubmitRow } from '../../components/submit-row.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { useMailing, useSaveMailing } from './api.ts';

/** The four switches, loaded with the saved values. */
function MailingForm({ saved }: { saved: helpdesk.MailingPreferences }) {
  const { t } = useTranslation('helpdesk');
  const save = useSaveMailing();
  const form = useForm<helpdesk.MailingPreferences>({
    resolver: zodResolver(helpdesk.mailingPreferences),
    defaultValues: saved,
  });
  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(values, {
      onSuccess: ({ preferences }) => {
        form.reset(preferences);
        toast.success(t('mailing.saved'));
      },
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={640}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {save.isError && <FormError message={errorText(t, save.error)} />}
          {helpdesk.MAILING_TOPICS.map((topic) => (
            <Controller
              key={topic}
              control={form.control}
              name={topic}
              render={({ field }) => (
                <Switch
                  name={field.name}
                  ref={field.ref}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  onBlur={field.onBlur}
                  label={t(`mailing.topics.${topic}.label`)}
                  description={t(`mailing.topics.${topic}.description`)}
                />
              )}
            />
          ))}
          <SubmitRow label={t('mailing.submit')} pending={save.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}

/** Mailing preferences: which mail the customer wants, for all its domains at once. */
export function MailingPage() {
  const { t } = useTranslation('helpdesk');
  const mailing = useMailing();
  return (
    <Stack gap="md">
      <ScreenHeader title={t('mailing.title')} intro={t('mailing.intro')} />
      <QueryState query={mailing}>
        {() => mailing.data && <MailingForm saved={mailing.data} />}
      </QueryState>
    </Stack>
  );
}
