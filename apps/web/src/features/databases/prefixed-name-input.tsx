import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReactNode, Ref } from 'react';

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
 * name (lower-cased, as it is sent) is spelled out below, so the customer sees what the server
 * will call it.
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
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      leftSection={
        prefix ? (
          <Text ff="monospace" size="sm" c="dimmed" aria-hidden>
            {prefix}
          </Text>
        ) : undefined
      }
      leftSectionWidth={prefix ? `calc(${prefix.length}ch + 16px)` : undefined}
      leftSectionPointerEvents="none"
      description={prefix ? t('full_name', { name: full }) : undefined}
    />
  );
}
