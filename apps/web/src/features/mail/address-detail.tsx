import { zodResolver } from '@hookform/resolvers/zod';
import { Button, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type * as mail from '@haven/contract/mail';
import { routePath } from '../../lib/paths.ts';
import { serverErrors } from '../../components/add-form-screen.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PasswordWithRepeat } from '../../components/password/password-with-repeat.tsx';
import { SubmitRow } from '../../components/submit-row.tsx';
import { toast } from '../../components/toast.ts';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useUpdateAddress } from './api.ts';
import {
  addressFormSchema,
  addressFormValues,
  type AddressForm,
  type AddressFormOutput,
} from './address-form.ts';
import { AutoresponderFields } from './autoresponder-fields.tsx';
import { ListField } from './list-field.tsx';
import { mailErrorText, mailFieldText } from './mail-errors.ts';
import { SpamfilterFields } from './spamfilter-fields.tsx';
import { normalizeAlias } from '@haven/contract/mail';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

interface Props {
  domain: string;
  detail: mail.MailAddressDetail;
  /** An EMAIL login: its own mailbox; it stays here after saving, and sees no names or quota. */
  self: boolean;
}

/** A mailbox: password, aliases, forwarding, autoresponder, spam filter and quota, one save. */
export function AddressDetail({ domain, detail, self }: Props) {
  const { t } = useTranslation('mail');
  const language = useLanguage();
  const navigate = useNavigate();
  const update = useUpdateAddress(domain, detail.name);
  const [changePassword, setChangePassword] = useState(false);
  const form = useForm<AddressForm, unknown, AddressFormOutput>({
    resolver: zodResolver(addressFormSchema(detail.name)),
    defaultValues: addressFormValues(detail),
  });
  const errors = serverErrors(form.setError, { invalid_password: 'password' }, (e) =>
    mailErrorText(t, e),
  );

  const onSubmit = form.handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(body, {
      onSuccess: (result) => {
        if (result.errors.length > 0) {
          toast.error(result.errors.join('\n'));
          return;
        }
        toast.success(t('detail.saved'));
        if (self) {
          setChangePassword(false);
          form.reset({ ...body, password: '', passwordRepeat: '' });
        } else void navigate(routePath('mailaddress', { domain, type: 'address' }));
      },
      onError: errors.onError,
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={760}>
        <Text c="dimmed">{t('detail.usage', { usage: formatSize(detail.usage, language) })}</Text>
        {errors.formError(update) && <FormError message={errors.formError(update) ?? ''} />}
        <Section title={t('detail.password')}>
          {changePassword ? (
            <PasswordWithRepeat
              control={form.control}
              name="password"
              repeatName="passwordRepeat"
              label={t('fields.password')}
              repeatLabel={t('fields.password_repeat')}
              username={detail.name}
            />
          ) : (
            <Button variant="light" w="fit-content" onClick={() => setChangePassword(true)}>
              {t('detail.change_password')}
            </Button>
          )}
        </Section>
        {!self && (
          <Section title={t('detail.names')}>
            <ListField
              control={form.control}
              name="alias"
              label={t('fields.alias')}
              description={t('fields.alias_hint')}
              normalize={normalizeAlias}
            />
            <Controller
              control={form.control}
              name="quota"
              render={({ field, fieldState }) => (
                <NumberInput
                  label={t('fields.quota')}
                  description={t('fields.quota_hint')}
                  min={0}
                  value={field.value}
                  onChange={(v) => field.onChange(typeof v === 'number' ? v : 0)}
                  error={mailFieldText(t, fieldState.error?.message, t('fields.quota'))}
                  maw={220}
                />
              )}
            />
          </Section>
        )}
        <Section title={t('detail.forwarding')}>
          <ListField
            control={form.control}
            name="forwarding.address"
            label={t('fields.forwarding')}
            description={t('fields.list_hint')}
          />
        </Section>
        <Section title={t('detail.autoresponder')}>
          <AutoresponderFields control={form.control} />
        </Section>
        <Section title={t('detail.spamfilter')}>
          <SpamfilterFields control={form.control} />
        </Section>
        <SubmitRow label={t('detail.save')} pending={update.isPending} />
      </Stack>
    </form>
  );
}
