import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Code, Radio, Group, Select, TextInput, Text, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import * as webapps from '@haven/contract/webapps';
import { VALIDATION } from '@haven/contract/shared';
import { AddFormScreen } from '../../components/add-form-screen.tsx';
import { JobProgress } from '../../components/job-progress.tsx';
import { PasswordWithRepeat } from '../../components/password/password-with-repeat.tsx';
import { toast } from '../../components/toast.ts';
import { errorCode, errorText } from '../../lib/error-text.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { validationMessage } from '../../lib/validation.ts';
import { routePath } from '../../lib/paths.ts';
import { useAppSubdomains, useInstallWebapp, usePackages } from './api.ts';

type Input = z.input<typeof webapps.installBody>;
type Field =
  'webapp' | 'install_directory' | 'title' | 'admin_email' | 'admin_username' | 'admin_path';

/** The fields whose broken rule this area words more precisely than the generic text. */
const RULE_TEXT: Partial<Record<Field, string>> = {
  install_directory: 'rule.install_directory',
  title: 'rule.title',
  admin_username: 'rule.admin_username',
  admin_path: 'rule.admin_path',
};

/** Install a web app: the form, then the install's progress; errors are shown raw (specs). */
export function WebappAddPage() {
  const { t } = useTranslation('webapps');
  const { t: tc } = useTranslation('common');
  const { domain = '' } = useParams();
  const language = useLanguage();
  const navigate = useNavigate();
  const packages = usePackages(domain);
  const subdomains = useAppSubdomains(domain);
  const install = useInstallWebapp(domain);
  const [job, setJob] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm<Input, unknown, z.output<typeof webapps.installBody>>({
    resolver: zodResolver(webapps.installBody),
    defaultValues: {
      webapp: '',
      // The main site, where most customers want their site.
      subdomain: { id: webapps.MAIN_SITE, text: webapps.MAIN_SITE },
      install_directory: '',
      title: '',
      admin_email: '',
      admin_username: '',
      admin_password: '',
      admin_passwordRepeat: '',
      admin_path: 'beheer',
      protocol: webapps.DEFAULT_WEBAPP_PROTOCOL,
      overwrite: false,
    },
  });
  const errors = form.formState.errors;
  const err = (name: Field, label: string) => {
    const code = errors[name]?.message;
    const own = RULE_TEXT[name];
    return code === VALIDATION.regex && own ? t(own) : validationMessage(tc, code, label);
  };

  const onSubmit = form.handleSubmit((v) => {
    if (install.isPending || job) return;
    setFailed(null);
    install.mutate(
      // The site's language follows the panel's.
      { ...v, language },
      { onSuccess: (r) => setJob(r.job) },
    );
  });

  const raw = (code: string) => `${t(`error.${code}`, { defaultValue: code })} (${code})`;
  const error = failed
    ? raw(failed)
    : install.isError
      ? `${errorText(t, install.error)} (${errorCode(install.error)})`
      : undefined;

  return (
    <AddFormScreen
      header={{
        title: t('add.title'),
        intro: t('add.intro'),
        back: { to: routePath('webapp', { domain }), label: t('back_to_list') },
      }}
      notice={
        job && (
          <JobProgress
            domain={domain}
            jobId={job}
            label={t('add.installing')}
            onDone={(j) => {
              setJob(null);
              if (j.state === 'done') {
                toast.success(t('add.installed'));
                void navigate(routePath('webapp', { domain }));
              } else setFailed(j.error ?? 'install_failed');
            }}
          />
        )
      }
      onSubmit={onSubmit}
      error={error}
      submit={{ label: t('add.submit'), pending: install.isPending || job !== null }}
    >
      <Controller
        control={form.control}
        name="webapp"
        render={({ field }) => (
          <Select
            label={t('fields.package')}
            description={t('add.language_hint')}
            required
            data={(packages.data?.packages ?? []).map((g) => ({
              group: g.name,
              items: g.versions.map((v) => ({ value: v.key, label: v.name })),
            }))}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            error={err('webapp', t('fields.package'))}
          />
        )}
      />
      <Controller
        control={form.control}
        name="subdomain"
        render={({ field }) => (
          <Select
            label={t('fields.subdomain')}
            required
            allowDeselect={false}
            data={[
              ...(subdomains.data?.mainSite
                ? [{ value: webapps.MAIN_SITE, label: t('add.main_site', { domain }) }]
                : []),
              ...(subdomains.data?.subdomains ?? []).map((s) => ({
                value: s.name_short,
                label: s.name,
              })),
            ]}
            value={field.value.id || null}
            onChange={(v) => field.onChange({ id: v ?? '', text: v ?? '' })}
            error={validationMessage(tc, errors.subdomain?.id?.message, t('fields.subdomain'))}
            nothingFoundMessage={t('add.no_subdomains')}
          />
        )}
      />
      <TextInput
        label={t('fields.install_directory')}
        description={t('add.directory_hint')}
        {...form.register('install_directory')}
        error={err('install_directory', t('fields.install_directory'))}
      />
      <TextInput
        label={t('fields.title')}
        description={t('add.title_hint')}
        {...form.register('title')}
        error={err('title', t('fields.title'))}
      />
      <TextInput
        label={t('fields.admin_email')}
        type="email"
        required
        {...form.register('admin_email')}
        error={err('admin_email', t('fields.admin_email'))}
      />
      <TextInput
        label={t('fields.admin_username')}
        required
        autoComplete="off"
        {...form.register('admin_username')}
        error={err('admin_username', t('fields.admin_username'))}
      />
      <PasswordWithRepeat
        control={form.control}
        name="admin_password"
        repeatName="admin_passwordRepeat"
        label={t('fields.admin_password')}
        repeatLabel={t('fields.admin_password_repeat')}
        username={form.watch('admin_username')}
        min={webapps.WEBAPP_PASSWORD.min}
        max={webapps.WEBAPP_PASSWORD.max}
        long
        rules={
          <Text size="sm" c="dimmed">
            {t('add.password_rules')}
          </Text>
        }
      />
      <TextInput
        label={t('fields.admin_path')}
        description={t('add.admin_path_hint')}
        required
        {...form.register('admin_path')}
        error={err('admin_path', t('fields.admin_path'))}
      />
      <Controller
        control={form.control}
        name="protocol"
        render={({ field }) => (
          <Radio.Group label={t('fields.protocol')} value={field.value} onChange={field.onChange}>
            <Group mt={4}>
              {webapps.WEBAPP_PROTOCOLS.map((p) => (
                <Radio key={p} value={p} label={p} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      <Stack gap={4}>
        <Checkbox label={t('fields.overwrite')} {...form.register('overwrite')} />
        <Text size="xs" c="dimmed">
          {t('add.overwrite_hint')} <Code>index.html</Code>
        </Text>
      </Stack>
    </AddFormScreen>
  );
}
