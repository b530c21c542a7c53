import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import * as webhosting from '@haven/contract/webhosting';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode, errorText } from '../../lib/error-text.ts';
import { usePhpVersions, useUpdateSubdomain, useWebUsers } from './api.ts';
import { ERROR_PREFIX } from './errors.ts';
import { fieldError } from './field-error.ts';
import {
  FTP_FIELD_CODES,
  FtpAccountFields,
  ftpAccountBody,
  ftpChoiceFields,
  ftpChoiceOf,
  refineFtpChoice,
  type FtpChoiceValues,
} from './ftp-account.tsx';
import { SubmitRow } from '../../components/submit-row.tsx';

const body = webhosting.updateSubdomainBody;
// The body with a PHP version (STATIC for none) and the FTP choice as the form asks them.
const schema = body
  .extend({ phpHandlerId: body.shape.phpHandlerId.unwrap().unwrap(), ...ftpChoiceFields })
  .superRefine(refineFtpChoice);
type Values = z.input<typeof schema>;

const FIELD_CODES: Record<string, keyof Values> = {
  invalid_php_version: 'phpHandlerId',
  ...FTP_FIELD_CODES,
};
const STATIC = 'static';

/** The PHP version and the FTP account of a subdomain. */
export function SubdomainSettingsForm({
  domain,
  subdomain,
}: {
  domain: string;
  subdomain: webhosting.Subdomain;
}) {
  const { t } = useTranslation('webhosting');
  const php = usePhpVersions(domain);
  const webusers = useWebUsers(domain);
  const update = useUpdateSubdomain(domain, subdomain.name_short);

  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: {
      phpHandlerId: subdomain.phpHandlerId ?? STATIC,
      ftp: ftpChoiceOf(subdomain.ftpAccount),
      ftp_name: '',
      password: '',
      password_repeat: '',
    },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (update.isPending) return;
    update.mutate(
      {
        phpHandlerId: values.phpHandlerId === STATIC ? null : values.phpHandlerId,
        ftpAccount: ftpAccountBody(values),
      },
      {
        onSuccess: (sub) => {
          toast.success(t('subdomain.saved'));
          form.reset({
            phpHandlerId: sub.phpHandlerId ?? STATIC,
            ftp: ftpChoiceOf(sub.ftpAccount),
            ftp_name: '',
            password: '',
            password_repeat: '',
          });
        },
        onError: (error) => {
          const field = FIELD_CODES[errorCode(error)];
          if (field)
            form.setError(
              field,
              { type: 'server', message: errorText(t, error, ERROR_PREFIX.subdomain) },
              { shouldFocus: true },
            );
        },
      },
    );
  });

  const fieldOwned = update.isError && FIELD_CODES[errorCode(update.error)] !== undefined;
  const versions = php.data?.versions ?? [];
  const options = [
    ...versions.map((v) => ({ value: v.value, label: v.text })),
    // A version the server no longer has stays visible as what is set now.
    ...(subdomain.phpHandlerId && !versions.some((v) => v.value === subdomain.phpHandlerId)
      ? [{ value: subdomain.phpHandlerId, label: subdomain.phpHandlerId }]
      : []),
    { value: STATIC, label: t('subdomain.php_none') },
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="subdomain-settings-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="subdomain-settings-title">
            {t('subdomain.settings')}
          </Title>
          {update.isError && !fieldOwned && (
            <FormError message={errorText(t, update.error, ERROR_PREFIX.subdomain)} />
          )}
          <Controller
            control={form.control}
            name="phpHandlerId"
            render={({ field, fieldState }) => (
              <Select
                label={t('subdomain.php')}
                data={options}
                value={field.value}
                onChange={(v) => field.onChange(v ?? field.value)}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={fieldError(t, fieldState.error, t('subdomain.php'))}
              />
            )}
          />
          {/* The specs' entity has Perl and Python flags; this installation runs PHP only. */}
          <Text size="sm" c="dimmed">
            {t('subdomain.languages_not_offered')}
          </Text>
          <FtpAccountFields
            // The FTP fields are a part of this form's values.
            control={form.control as unknown as Control<FtpChoiceValues>}
            webusers={webusers.data?.webusers ?? []}
          />
          <SubmitRow label={t('save')} pending={update.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
