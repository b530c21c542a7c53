import { useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Text, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldText } from './database-errors.ts';

interface Props {
  label: string;
  /** The customer's prefix with its `_`; null while the server cannot be reached. */
  prefix: string | null;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: ReactNode;
  maxLength: number;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A name typed after the customer's prefix. The prefix sits in front of the field and the full
 * name (lower-cased, as it is sent) is spelled out above it, so the customer sees what the
 * server will call it.
 */
export function PrefixedNameInput({
  label,
  prefix,
  value,
  onChange,
  onBlur,
  name,
  error,
  maxLength,
  inputRef,
}: Props) {
  const { t } = useTranslation('databases');
  const full = `${prefix ?? ''}${value.trim().toLowerCase()}`;
  // The typed part starts right after the prefix: the prefix is measured once it is drawn (the
  // estimate in ch serves the first frame). A monospace font would align by itself, but at input
  // size it hides the underscore, the one character a name here needs.
  const prefixRef = useRef<HTMLSpanElement>(null);
  const [measured, setMeasured] = useState<number>();
  useLayoutEffect(() => {
    const width = prefixRef.current?.offsetWidth;
    if (width) setMeasured(width);
  }, [prefix]);
  const sectionWidth = measured ? measured + 12 : `calc(${prefix?.length ?? 0}ch + 12px)`;

  return (
    <TextInput
      ref={inputRef}
      label={label}
      name={name}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
      required
      withAsterisk
      maxLength={maxLength}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      leftSection={
        prefix ? (
          <Text
            component="span"
            ref={prefixRef}
            size="sm"
            c="dimmed"
            aria-hidden
            style={{ display: 'inline-block', whiteSpace: 'nowrap' }}
          >
            {prefix}
          </Text>
        ) : undefined
      }
      leftSectionWidth={prefix ? sectionWidth : undefined}
      leftSectionProps={{ style: { justifyContent: 'flex-end' } }}
      leftSectionPointerEvents="none"
      description={prefix ? t('full_name', { name: full }) : undefined}
    />
  );
}

type FieldProps<V extends FieldValues> = Omit<
  Props,
  'value' | 'onChange' | 'onBlur' | 'name' | 'inputRef' | 'error'
> & {
  control: Control<V>;
  name: Path<V>;
};

/** A `PrefixedNameInput` bound to a form field; its error names the field by its label. */
export function PrefixedNameField<V extends FieldValues>({
  control,
  name,
  label,
  ...input
}: FieldProps<V>) {
  const { t } = useTranslation('databases');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PrefixedNameInput
          {...input}
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          inputRef={field.ref}
          error={fieldText(t, fieldState.error?.message, label)}
        />
      )}
    />
  );
}
