import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Radio, Stack, Switch, TextInput, Title } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import * as mail from '@haven/contract/mail';
import { serverErrors } from '../../components/add-form-screen.tsx';
import { FormError } from '../../components/form-error.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SubmitRow } from '../../components/submit-row.tsx';
import { toast } from '../../components/toast.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMailSettings, useSaveMailSettings } from './api.ts';
import { mailErrorText, mailFieldText } from './mail-errors.ts';
import { MailNav, MailOffNotice } from './mail-nav.tsx';
import { MailDnsRecords } from './mail-dns-records.tsx';

type Input = z.input<typeof mail.mailSettingsInput>;
type Output = z.output<typeof mail.mailSettingsInput>;

function SettingsForm({ domain, settings }: { domain: string; settings: mail.MailSettings }) {
  const { t } = useTranslation('mail');
  const save = useSaveMailSettings(domain);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(mail.mailSettingsInput),
    defaultValues: {
      active: settings.active,
      catch_all: settings.catch_all,
      catch_all_address: settings.catch_all_address,
    },
  });
  const mode = useWatch({ control: form.control, name: 'catch_all' });
  const errors = serverErrors(form.setError, { alias_loop: 'catch_all_address' }, (e) =>
    mailErrorText(t, e),
  );
  const onSubmit = form.handleSubmit((body) => {
    if (save.isPending) return;
    save.mutate(
      { ...body, catch_all_address: body.catch_all === 'forward' ? body.catch_all_address : null },
      { onSuccess: () => toast.success(t('detail.saved')), onError: errors.onError },
    );
  });
  const formError = errors.formError(save);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={640}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {formError && <FormError message={formError} />}
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label={t('settings.active')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="catch_all"
            render={({ field }) => (
              <Radio.Group
                label={t('settings.catch_all')}
                description={t('settings.catch_all_help')}
                {...field}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="reject" label={t('settings.catch_all_reject')} />
                  <Radio value="forward" label={t('settings.catch_all_forward')} />
                </Stack>
              </Radio.Group>
            )}
          />
          {mode === 'forward' && (
            <Controller
              control={form.control}
              name="catch_all_address"
              render={({ field, fieldState }) => (
                <TextInput
                  type="email"
                  label={t('settings.catch_all_address')}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.currentTarget.value || null)}
                  error={mailFieldText(
                    t,
                    fieldState.error?.message,
                    t('settings.catch_all_address'),
                  )}
                  required
                />
              )}
            />
          )}
          <SubmitRow label={t('detail.save')} pending={save.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}

/** Mail settings (specs: only for logins other than EMAIL and DOMAIN): service switch, catch-all. */
export function MailSettingsPage() {
  const { t } = useTranslation('mail');
  usePageTitle(t('settings.title'));
  const { domain = '' } = useParams();
  const settings = useMailSettings(domain);
  return (
    <Stack gap="md">
      <MailNav domain={domain} current="settings" />
      <Title order={1} size="h2">
        {t('settings.title')}
      </Title>
      <MailOffNotice active={settings.data?.active} />
      <QueryState query={settings}>
        {() =>
          settings.data && (
            <>
              <SettingsForm domain={domain} settings={settings.data} />
              <MailDnsRecords domain={domain} records={settings.data.dns} />
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
