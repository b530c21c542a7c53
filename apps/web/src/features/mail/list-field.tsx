import { TagsInput } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mailFieldText } from './mail-errors.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description?: string;
  placeholder?: string;
  /** Spec §5: an alias loses its spaces as it is typed. */
  normalize?: (value: string) => string;
}

/** A list of addresses or names: typed and confirmed with Enter (or a comma), duplicates dropped. */
export function ListField<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation('mail');
  const { field, fieldState, formState } = useController({
    control: props.control,
    name: props.name,
  });
  const value: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  // The schema answers per entry (`alias.0`); show the first entry's message on the list.
  const nested = formState.errors[props.name] as unknown;
  const entryError = Array.isArray(nested)
    ? (nested as ({ message?: string } | undefined)[]).find((e) => e?.message)?.message
    : undefined;
  const code = fieldState.error?.message ?? entryError;
  return (
    <TagsInput
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      value={value}
      onChange={(next) =>
        field.onChange([...new Set(next.map((v) => (props.normalize ?? ((x: string) => x))(v)))])
      }
      onBlur={field.onBlur}
      ref={field.ref}
      splitChars={[',', ';']}
      clearable
      error={mailFieldText(t, code, props.label)}
    />
  );
}
