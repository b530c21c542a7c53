import { useEffect, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as webhosting from '@haven/contract/webhosting';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { useCreateSubdomain, usePhpVersions, useWebUsers } from './api.ts';
import { AddFormScreen, serverErrors } from '../../components/add-form-screen.tsx';
import { TextField, SelectField } from './form-fields.tsx';
import { ERROR_PREFIX } from './errors.ts';
import {
  FTP_FIELD_CODES,
  FtpAccountFields,
  ftpAccountBody,
  ftpChoiceFields,
  refineFtpChoice,
  type FtpChoiceValues,
} from './ftp-account.tsx';

const body = webhosting.createSubdomainBody;
// The body with the name's rule the form can judge, a PHP version ('' for none) and the FTP choice.
const schema = body
  .extend({
    name: webhosting.subdomainName,
    phpHandlerId: body.shape.phpHandlerId.unwrap(),
    ...ftpChoiceFields,
  })
  .superRefine(refineFtpChoice);
type Values = z.input<typeof schema>;

const FIELD_CODES: Record<string, keyof Values> = {
  empty_name: 'name',
  invalid_name: 'name',
  reserved_name: 'name',
  name_exists: 'name',
  invalid_php_version: 'phpHandlerId',
  ...FTP_FIELD_CODES,
};

/** Add a subdomain: name, PHP version and the FTP account that works on its files. */
export function SubdomainAddPage() {
  const { t } = useTranslation('webhosting');
  const { domain = '' } = useParams();
  const navigate = useNavigate();
  const php = usePhpVersions(domain);
  const webusers = useWebUsers(domain);
  const create = useCreateSubdomain(domain);
  const versions = useMemo(() => php.data?.versions ?? [], [php.data]);

  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      phpHandlerId: webhosting.DEFAULT_PHP_HANDLER,
      ftp: 'none',
      ftp_name: '',
      password: '',
      password_repeat: '',
    },
  });

  // Specs §9: php74 until the versions are in, then the newest the server really has.
  const newest = versions.at(-1)?.value;
  useEffect(() => {
    if (newest && !form.formState.dirtyFields.phpHandlerId) form.setValue('phpHandlerId', newest);
  }, [newest, form]);

  const errors = serverErrors(form.setError, FIELD_CODES, (error) =>
    errorText(t, error, ERROR_PREFIX.subdomain),
  );

  const onSubmit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(
      {
        name: values.name,
        phpHandlerId: values.phpHandlerId || null,
        ftpAccount: ftpAccountBody(values),
      },
      {
        onSuccess: (sub) => {
          toast.success(t('subdomain.created', { name: sub.name }));
          void navigate(routePath('subdomaindetail', { domain, name: sub.name_short }));
        },
        onError: errors.onError,
      },
    );
  });

  const phpOptions = versions.length
    ? versions.map((v) => ({ value: v.value, label: v.text }))
    : [{ value: webhosting.DEFAULT_PHP_HANDLER, label: webhosting.DEFAULT_PHP_HANDLER }];

  return (
    <AddFormScreen
      header={{
        title: t('subdomain.add_title'),
        back: { to: routePath('subdomain', { domain }), label: t('subdomain.back') },
      }}
      onSubmit={onSubmit}
      error={errors.formError(create)}
      submit={{ label: t('subdomain.submit_add'), pending: create.isPending }}
    >
      <TextField
        control={form.control}
        name="name"
        label={t('subdomain.name')}
        code
        description={t('subdomain.name_help')}
        required
        // The domain after the name, as the address will read; long ones are cut, the title says it whole.
        rightSection={
          <Text span size="sm" c="dimmed" truncate="end" aria-hidden>
            .{domain}
          </Text>
        }
        rightSectionWidth={Math.min(170, domain.length * 8 + 20)}
        rightSectionPointerEvents="none"
        rightSectionProps={{ style: { justifyContent: 'flex-start' } }}
      />
      <SelectField
        control={form.control}
        name="phpHandlerId"
        label={t('subdomain.php')}
        data={phpOptions}
      />
      <FtpAccountFields
        // The FTP fields are a part of this form's values.
        control={form.control as unknown as Control<FtpChoiceValues>}
        webusers={webusers.data?.webusers ?? []}
      />
    </AddFormScreen>
  );
}
