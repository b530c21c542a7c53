import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { logFilterQuery, type LogFilter } from '@haven/contract/logs';

interface Fields {
  text: string;
  status: string;
  client: string;
}

const EMPTY: Fields = { text: '', status: '', client: '' };

/** Text, status code and client address; empty fields do not count. Judged by the contract. */
export function LogFilterForm({ onFilter }: { onFilter: (filter: LogFilter | null) => void }) {
  const { t } = useTranslation('logs');
  const { register, handleSubmit, reset } = useForm<Fields>({ defaultValues: EMPTY });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = handleSubmit((f) => {
    const parsed = logFilterQuery.safeParse({
      text: f.text.trim() || undefined,
      status: f.status.trim() || undefined,
      client: f.client.trim() || undefined,
    });
    setProblem(parsed.success ? null : t('filter.invalid'));
    if (parsed.success) onFilter(parsed.data);
  });
  return (
    <form onSubmit={submit} aria-label={t('filter.title')} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('filter.text')} {...register('text')} maxLength={200} />
        <TextInput
          label={t('filter.status')}
          inputMode="numeric"
          w={120}
          {...register('status')}
          maxLength={3}
        />
        <TextInput label={t('filter.client')} {...register('client')} maxLength={45} />
        <Group gap="xs">
          <Button type="submit">{t('filter.apply')}</Button>
          <Button
            variant="default"
            onClick={() => {
              reset(EMPTY);
              setProblem(null);
              onFilter(null);
            }}
          >
            {t('filter.clear')}
          </Button>
        </Group>
      </Group>
      {problem && (
        <div role="alert" style={{ color: 'var(--mantine-color-red-8)', marginTop: 8 }}>
          {problem}
        </div>
      )}
    </form>
  );
}
