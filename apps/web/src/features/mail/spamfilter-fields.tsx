import { NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SPAM_ACTIONS, SPAMFILTER_LIMITS } from '@haven/contract/mail-rules';
import { mailFieldText } from './mail-errors.ts';
import { ListField } from './list-field.tsx';
import type { AddressForm } from './address-form.ts';

/** Spam filter (specs §3): subject marking, score, action, white- and blacklist. */
export function SpamfilterFields({ control }: { control: Control<AddressForm> }) {
  const { t } = useTranslation('mail');
  const label = (key: string) => t(`spamfilter.${key}`);
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="spamfilter.action"
        render={({ field }) => (
          <Select
            label={label('action')}
            data={SPAM_ACTIONS.map((a) => ({ value: a, label: label(`action_${a}`) }))}
            value={field.value}
            onChange={(v) => v && field.onChange(v)}
            allowDeselect={false}
            maw={320}
          />
        )}
      />
      <Controller
        control={control}
        name="spamfilter.hits"
        render={({ field, fieldState }) => (
          <NumberInput
            label={label('hits')}
            description={label('hits_hint')}
            min={SPAMFILTER_LIMITS.scoreMin}
            max={SPAMFILTER_LIMITS.scoreMax}
            value={field.value}
            onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v) || 6)}
            error={mailFieldText(t, fieldState.error?.message, label('hits'))}
            maw={320}
          />
        )}
      />
      <Controller
        control={control}
        name="spamfilter.modify_subject"
        render={({ field }) => (
          <Switch
            label={label('modify_subject')}
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
      <Controller
        control={control}
        name="spamfilter.subject_prefix"
        render={({ field, fieldState }) => (
          <TextInput
            label={label('subject_prefix')}
            {...field}
            error={mailFieldText(t, fieldState.error?.message, label('subject_prefix'))}
            maw={320}
          />
        )}
      />
      <ListField
        control={control}
        name="spamfilter.whitelist"
        label={label('whitelist')}
        description={label('whitelist_hint')}
      />
      <ListField
        control={control}
        name="spamfilter.blacklist"
        label={label('blacklist')}
        description={label('blacklist_hint')}
      />
    </Stack>
  );
}
