import { Select, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from './field-error.ts';

type Owned = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'label';

interface FieldProps<V extends FieldValues> {
  control: Control<V>;
  name: Path<V>;
  label: string;
}

/**
 * A text input bound to a form field, its error shown with the field's label. `code` is for
 * names and paths: no autocomplete, capitals or spelling hints.
 */
export function TextField<V extends FieldValues>({
  control,
  name,
  label,
  code,
  ...input
}: FieldProps<V> & { code?: boolean } & Omit<TextInputProps, Owned>) {
  const { t } = useTranslation('webhosting');
  const plain = code ? { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } : {};
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          {...plain}
          {...input}
          label={label}
          error={fieldError(t, fieldState.error, label)}
        />
      )}
    />
  );
}

/** A select bound to a form field that always keeps a choice. */
export function SelectField<V extends FieldValues>({
  control,
  name,
  label,
  ...select
}: FieldProps<V> & Omit<SelectProps, Owned | 'allowDeselect'>) {
  const { t } = useTranslation('webhosting');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...select}
          label={label}
          value={field.value}
          onChange={(v) => field.onChange(v ?? field.value)}
          onBlur={field.onBlur}
          allowDeselect={false}
          error={fieldError(t, fieldState.error, label)}
        />
      )}
    />
  );
}
