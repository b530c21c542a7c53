import { useState, type CSSProperties } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { FormError } from '../../components/form-error.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorCode } from '../../lib/error-text.ts';
import { dnsErrorText } from './dns-error.ts';
import { RecordFieldInput } from './record-fields.tsx';
import {
  FIELDS_OF,
  emptyValues,
  recordResolver,
  type RecordField,
  type RecordFormValues,
} from './record-values.ts';

const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

const SHORT_FIELDS = new Set<RecordField>([
  'ttl',
  'priority',
  'weight',
  'port',
  'protocol',
  'flags',
  'tag',
  'redirect',
]);

interface Props {
  domain: string;
  available: dns.DnsAvailable;
  /** The zone as listed, for the MX notice; absent while it loads. */
  zone?: dns.DnsList | undefined;
  initial?: RecordFormValues;
  /** Editing keeps the record's own type choosable even when it could not be added now. */
  editing?: boolean;
  submitLabel: string;
  submit: (body: dns.RecordInput) => Promise<unknown>;
  onCancel: () => void;
}

/** The add and edit form of a record: the type, then that type's own fields. */
export function RecordForm({
  domain,
  available,
  zone,
  initial,
  editing = false,
  submitLabel,
  submit,
  onCancel,
}: Props) {
  const { t } = useTranslation('dns');
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<RecordFormValues, unknown, dns.RecordInput>({
    resolver: recordResolver,
    defaultValues: initial ?? emptyValues(available.kinds.find((k) => !k.blocked)?.record ?? 'A'),
  });
  const record = useWatch({ control: form.control, name: 'record' });
  const blocked = (kind: dns.EditableType) =>
    editing && kind === initial?.record
      ? null
      : (available.kinds.find((k) => k.record === kind)?.blocked ?? null);
  const blockedNow = blocked(record);

  const onSubmit = form.handleSubmit(async (body) => {
    setServerError(null);
    try {
      await submit(body);
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fields) : [];
      const shown = FIELDS_OF[record];
      const onField = fields.filter(([name]) => (shown as readonly string[]).includes(name));
      for (const [name, code] of onField)
        form.setError(name as RecordField, { type: 'server', message: code });
      // A zone rule (not plain validation) is also shown raw above the form, as the specs ask.
      if (
        errorCode(error) !== 'validation' ||
        onField.length < fields.length ||
        onField.length === 0
      )
        setServerError(error);
    }
  });

  const fields = FIELDS_OF[record];
  const wide = fields.filter((f) => !SHORT_FIELDS.has(f));
  const short = fields.filter((f) => SHORT_FIELDS.has(f));
  const fieldProps = {
    record,
    control: form.control,
    errors: form.formState.errors,
    domain,
    available,
  };
  const mxNeedsAddress = record === 'MX' && zone !== undefined && zone.a_cname_host_count === 0;

  return (
    // Mantine's error red (shade 6) is 3.3:1 on white; shade 9 keeps field errors at WCAG AA.
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={submitLabel}
      style={ERROR_CONTRAST}
    >
      <Stack gap="sm">
        <FormError message={serverError ? dnsErrorText(t, serverError) : null} />
        <Select
          label={t('field_label.record')}
          name="record"
          value={record}
          onChange={(v) => {
            if (!v) return;
            form.setValue('record', v as dns.EditableType);
            form.clearErrors();
            setServerError(null);
          }}
          data={available.kinds.map((k) => ({
            value: k.record,
            label: t(`kind.${k.record}`),
            disabled: blocked(k.record) !== null,
          }))}
          allowDeselect={false}
          required
        />
        <Text size="sm" c="dimmed">
          {t(`type_help.${record}`, {
            domain,
            ipv4: available.hosting.ipv4,
            mx: available.mx_target,
          })}
        </Text>
        {blockedNow && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />} role="note">
            {t(`error.${blockedNow}`)}
          </Alert>
        )}
        {mxNeedsAddress && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="note">
            {t('notice.mx_prerequisite')}
          </Alert>
        )}
        {wide.map((f) => (
          <RecordFieldInput key={`${record}-${f}`} field={f} {...fieldProps} />
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
          {short.map((f) => (
            <RecordFieldInput key={`${record}-${f}`} field={f} {...fieldProps} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            disabled={blockedNow !== null}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
