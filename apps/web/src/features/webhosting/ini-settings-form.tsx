import { useState, type FormEvent } from 'react';
import { Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as webhosting from '@haven/contract/webhosting';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { isApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useIni, useIniAvailable, useSetIni } from './api.ts';
import { ERROR_PREFIX } from './errors.ts';
import { QueryState } from '../../components/query-state.tsx';
import { SubmitRow } from '../../components/submit-row.tsx';

type Entry = webhosting.IniAvailableEntry;

/** The contract's list, so the select offers exactly what the server accepts. */
const timeZoneOptions = [...webhosting.timeZones()];

interface Props {
  domain: string;
  sub: string;
}

/**
 * The PHP (ini) settings of a subdomain, key to value (specs §2). An empty field means the
 * default, shown as its placeholder. Keys hold dots (`date.timezone`), so the values live in
 * plain state rather than in a form library that reads dots as nesting.
 */
export function IniSettingsForm({ domain, sub }: Props) {
  const { t } = useTranslation('webhosting');
  const available = useIniAvailable(domain, sub);
  const ini = useIni(domain, sub);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="ini-title">
          {t('ini.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('ini.intro')}
        </Text>
        <QueryState query={available.isError ? available : ini}>
          {() =>
            available.data && ini.data ? (
              <IniFields
                domain={domain}
                sub={sub}
                available={available.data.available}
                current={ini.data.ini}
              />
            ) : null
          }
        </QueryState>
      </Stack>
    </Paper>
  );
}

function IniFields({
  domain,
  sub,
  available,
  current,
}: Props & { available: Entry[]; current: Record<string, string> }) {
  const { t } = useTranslation('webhosting');
  const save = useSetIni(domain, sub);
  const [values, setValues] = useState<Record<string, string>>(current);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const set = (key: string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const next = webhosting.normalizeIni(values);
    const wrong = webhosting.iniProblems(next);
    if (Object.keys(wrong).length > 0) {
      setProblems(wrong);
      return;
    }
    save.mutate(next, {
      onSuccess: (answer) => {
        setValues(answer.ini);
        toast.success(t('ini.saved'));
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        const fromServer: Record<string, string> = {};
        for (const [field, code] of Object.entries(error.fields))
          if (field.startsWith('ini.')) fromServer[field.slice(4)] = code;
        setProblems(fromServer);
      },
    });
  };

  // What the value should look like, by the setting's kind (the contract's rule, in words).
  const text = (entry: Entry) => {
    const code = problems[entry.key];
    if (!code) return undefined;
    if (code !== 'invalid_ini_value') return t([`subdomain.error.${code}`]);
    const bounds =
      entry.kind === 'size'
        ? t('ini.bounds_size', { max: entry.max })
        : entry.kind === 'int'
          ? t('ini.bounds', { min: entry.min, max: entry.max })
          : '';
    return t(`ini.invalid.${entry.kind}`, { bounds });
  };
  // The contract's rule: post_max_size is raised with upload_max_filesize (PHP drops a larger POST).
  const typedPost = values.post_max_size?.trim() ?? '';
  const plannedPost = webhosting.normalizeIni(values).post_max_size;
  const raisedPost = plannedPost !== undefined && plannedPost !== typedPost ? plannedPost : null;
  const describe = (entry: Entry) => {
    const base = t('ini.default', { value: entry.default });
    if (entry.key === 'upload_max_filesize') return `${base}. ${t('ini.upload_hint')}`;
    if (entry.key !== 'post_max_size') return base;
    return raisedPost
      ? `${base}. ${t('ini.post_raised', { value: raisedPost })}`
      : `${base}. ${t('ini.post_hint')}`;
  };
  const serverFieldErrors =
    save.isError &&
    isApiError(save.error) &&
    Object.keys(save.error.fields).some((k) => k.startsWith('ini.'));

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="ini-title">
      <Stack gap="sm">
        {save.isError && !serverFieldErrors && (
          <FormError message={errorText(t, save.error, ERROR_PREFIX.subdomain)} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {available.map((entry) => {
            const label = (
              <Text span ff="monospace" size="sm">
                {entry.key}
              </Text>
            );
            const description = describe(entry);
            const value = values[entry.key] ?? '';
            if (entry.kind === 'timezone')
              return (
                <Select
                  key={entry.key}
                  label={label}
                  description={description}
                  placeholder={entry.default}
                  data={timeZoneOptions}
                  value={value || null}
                  onChange={(v) => set(entry.key, v ?? '')}
                  searchable
                  clearable
                  limit={50}
                  nothingFoundMessage={t('ini.timezone_none')}
                  error={text(entry)}
                />
              );
            return entry.kind === 'flag' ? (
              <Select
                key={entry.key}
                label={label}
                description={description}
                data={[
                  { value: '', label: t('ini.use_default') },
                  { value: 'On', label: 'On' },
                  { value: 'Off', label: 'Off' },
                ]}
                value={value}
                onChange={(v) => set(entry.key, v ?? '')}
                allowDeselect={false}
                error={text(entry)}
              />
            ) : (
              <TextInput
                key={entry.key}
                label={label}
                description={description}
                placeholder={entry.default}
                value={value}
                onChange={(e) => set(entry.key, e.currentTarget.value)}
                autoComplete="off"
                spellCheck={false}
                error={text(entry)}
              />
            );
          })}
        </SimpleGrid>
        <SubmitRow label={t('ini.submit')} pending={save.isPending} />
      </Stack>
    </form>
  );
}
