import { useState, type CSSProperties } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { FormError } from '../../components/form-error.tsx';
import { serverErrorPlacement } from '../../components/add-form-screen.tsx';
import { dnsErrorText } from './dns-error.ts';
import { helpKey } from './hosting-address.ts';
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
      // On the fields it names, or above the form: shown once (the shared rule of every form).
      const placed = serverErrorPlacement<RecordField>(error, {}, FIELDS_OF[record]);
      if (placed === null) setServerError(error);
      // The field inputs translate the code with their own label.
      for (const { field, code } of placed ?? [])
        form.setError(field, { type: 'server', message: code });
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
          // A kind that cannot be added now stays choosable: choosing it shows why (a disabled
          // option could never show its explanation), and the form then sends nothing.
          data={available.kinds.map((k) => ({
            value: k.record,
            label:
              blocked(k.record) === null
                ? t(`kind.${k.record}`)
                : t('kind_blocked', { kind: t(`kind.${k.record}`) }),
          }))}
          allowDeselect={false}
          required
        />
        <Text size="sm" c="dimmed">
          {t(helpKey(record, available.hosting.ipv4), {
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
        {blockedNow === null && (
          <>
            {wide.map((f) => (
              <RecordFieldInput key={`${record}-${f}`} field={f} {...fieldProps} />
            ))}
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
              {short.map((f) => (
                <RecordFieldInput key={`${record}-${f}`} field={f} {...fieldProps} />
              ))}
            </SimpleGrid>
          </>
        )}
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
