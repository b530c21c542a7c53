import { Autocomplete, NumberInput, Select, TextInput, Textarea } from '@mantine/core';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { dnsFieldText } from './dns-error.ts';
import type { RecordField, RecordFormValues } from './record-values.ts';

interface Props {
  field: RecordField;
  record: dns.EditableType;
  control: Control<RecordFormValues, unknown, dns.RecordInput>;
  errors: FieldErrors<RecordFormValues>;
  domain: string;
  available: dns.DnsAvailable;
}

/** The label of a field; `value` is named after what it holds for the type. */
export function fieldLabelKey(field: RecordField, record: dns.EditableType): string {
  return field === 'value' ? `field_label.value_${record}` : `field_label.${field}`;
}

/** One input of the add/edit form, wired to react-hook-form. */
export function RecordFieldInput({ field, record, control, errors, domain, available }: Props) {
  const { t } = useTranslation('dns');
  const label = t(fieldLabelKey(field, record));
  const error = dnsFieldText(t, errors[field]?.message, label);
  const description =
    t([`field_help.${field}_${record}`, `field_help.${field}`], { domain, defaultValue: '' }) ||
    undefined;
  const common = { label, error, description };

  return (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => {
        const text = {
          ...common,
          name: f.name,
          value: String(f.value),
          onChange: f.onChange,
          onBlur: f.onBlur,
          ref: f.ref,
        };
        switch (field) {
          case 'ttl':
          case 'weight':
          case 'port':
            return (
              <NumberInput
                {...common}
                name={f.name}
                value={f.value}
                onChange={f.onChange}
                onBlur={f.onBlur}
                ref={f.ref}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                required={field === 'port'}
              />
            );
          case 'priority':
            return (
              <Select
                {...common}
                name={f.name}
                value={String(f.value)}
                onChange={(v) => f.onChange(v === null ? '' : Number(v))}
                onBlur={f.onBlur}
                ref={f.ref}
                data={available.priorities.map(String)}
                allowDeselect={false}
              />
            );
          case 'protocol':
          case 'tag':
          case 'flags':
          case 'redirect': {
            const data =
              field === 'protocol'
                ? available.protocols
                : field === 'tag'
                  ? available.caa_tags
                  : field === 'flags'
                    ? ['0', '128']
                    : ['301', '302'];
            return (
              <Select
                {...common}
                name={f.name}
                value={String(f.value)}
                onChange={(v) => v !== null && f.onChange(v)}
                onBlur={f.onBlur}
                ref={f.ref}
                data={data.map((v) => ({
                  value: v,
                  label: t([`${field}_option.${v}`], { defaultValue: v }),
                }))}
                allowDeselect={false}
              />
            );
          }
          case 'service':
            return (
              <Autocomplete {...text} onChange={f.onChange} data={available.services} required />
            );
          case 'value':
            return record === 'TXT' ? (
              <Textarea
                {...text}
                onChange={f.onChange}
                autosize
                minRows={2}
                maxRows={8}
                required
                styles={{ input: { fontFamily: 'monospace' } }}
              />
            ) : (
              <TextInput
                {...text}
                onChange={f.onChange}
                required
                spellCheck={false}
                autoCapitalize="off"
              />
            );
          default:
            return (
              <TextInput
                {...text}
                onChange={f.onChange}
                required={field === 'target'}
                spellCheck={false}
                autoCapitalize="off"
              />
            );
        }
      }}
    />
  );
}
