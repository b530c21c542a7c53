import { lazy, Suspense } from 'react';
import {
  Loader,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AUTORESPONDER_LIMITS } from '@haven/contract/mail-rules';
import { mailFieldText } from './mail-errors.ts';
import type { AddressForm } from './address-form.ts';

// CodeMirror and its HTML grammar load only when a customer picks HTML.
const CodeEditor = lazy(() => import('../../components/code-editor/code-editor.tsx'));

/** Autoresponder (specs §3, §4): the HTML editor shows only when enabled with content type html. */
export function AutoresponderFields({ control }: { control: Control<AddressForm> }) {
  const { t } = useTranslation('mail');
  const enabled = useWatch({ control, name: 'autoresponder.enabled' });
  const type = useWatch({ control, name: 'autoresponder.content_type' });
  const label = (key: string) => t(`autoresponder.${key}`);
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="autoresponder.enabled"
        render={({ field }) => (
          <Switch
            label={label('enabled')}
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
      <Controller
        control={control}
        name="autoresponder.subject"
        render={({ field, fieldState }) => (
          <TextInput
            label={label('subject')}
            {...field}
            error={mailFieldText(t, fieldState.error?.message, label('subject'))}
          />
        )}
      />
      <Controller
        control={control}
        name="autoresponder.content_type"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="mail-autoresponder-type">
              {label('content_type')}
            </Text>
            <SegmentedControl
              aria-labelledby="mail-autoresponder-type"
              value={field.value}
              onChange={field.onChange}
              data={[
                { value: 'text', label: label('type_text') },
                { value: 'html', label: label('type_html') },
              ]}
              w="fit-content"
            />
          </Stack>
        )}
      />
      <Controller
        control={control}
        name="autoresponder.text"
        render={({ field, fieldState }) => {
          const error = mailFieldText(t, fieldState.error?.message, label('text'));
          // The server sanitises the HTML (scripts, styles, images out) before Sieve sends it.
          return enabled && type === 'html' ? (
            <Suspense fallback={<Loader size="sm" />}>
              <CodeEditor
                value={field.value}
                onChange={field.onChange}
                language="html"
                label={label('html')}
                hint={`${label('html_hint')} ${label('html_keys')}`}
                minHeight="12em"
                error={error}
              />
            </Suspense>
          ) : (
            <Textarea label={label('text')} autosize minRows={4} {...field} error={error} />
          );
        }}
      />
      <Controller
        control={control}
        name="autoresponder.forward_to"
        render={({ field, fieldState }) => (
          <TextInput
            type="email"
            label={label('forward_to')}
            description={label('forward_to_hint')}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.currentTarget.value.trim() || null)}
            onBlur={field.onBlur}
            error={mailFieldText(t, fieldState.error?.message, label('forward_to'))}
            maw={420}
          />
        )}
      />
      <Controller
        control={control}
        name="autoresponder.answers_per_day"
        render={({ field, fieldState }) => (
          <NumberInput
            label={label('answers_per_day')}
            description={label('answers_per_day_hint')}
            min={AUTORESPONDER_LIMITS.answersPerDayMin}
            max={AUTORESPONDER_LIMITS.answersPerDayMax}
            value={field.value}
            onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v) || 1)}
            error={mailFieldText(t, fieldState.error?.message, label('answers_per_day'))}
            maw={320}
          />
        )}
      />
      <Controller
        control={control}
        name="autoresponder.days"
        render={({ field, fieldState }) => (
          <NumberInput
            label={label('days')}
            description={label('days_hint')}
            min={AUTORESPONDER_LIMITS.daysMin}
            max={AUTORESPONDER_LIMITS.daysMax}
            value={field.value}
            onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v) || 1)}
            error={mailFieldText(t, fieldState.error?.message, label('days'))}
            maw={320}
          />
        )}
      />
      <Controller
        control={control}
        name="autoresponder.end_date"
        render={({ field, fieldState }) => (
          <TextInput
            type="date"
            label={label('end_date')}
            description={label('end_date_hint')}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.currentTarget.value || null)}
            error={mailFieldText(t, fieldState.error?.message, label('end_date'))}
            maw={320}
          />
        )}
      />
    </Stack>
  );
}
