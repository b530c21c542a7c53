import { useState, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '../../lib/validation.ts';
import { PasswordField } from './password-field.tsx';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  repeatName: Path<T>;
  label: string;
  repeatLabel: string;
  username?: string | undefined;
  long?: boolean;
  min?: number;
  max?: number;
  /** Without the strength meter; this shows under the password instead (the service rules). */
  rules?: ReactNode;
  /** The message for an error code of the password field, when the generic one does not fit. */
  errorText?: (code: string | undefined) => string | undefined;
  /** Not marked required: a change form where an empty password keeps the current one. */
  optional?: boolean;
}

/** A new password and its repeat; the generator fills both and shows them. */
export function PasswordWithRepeat<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation('common');
  const password = useController({ control: props.control, name: props.name });
  const repeat = useController({ control: props.control, name: props.repeatName });
  const [visible, setVisible] = useState(false);

  const value = typeof password.field.value === 'string' ? password.field.value : '';
  const repeatValue = typeof repeat.field.value === 'string' ? repeat.field.value : '';
  const code = password.fieldState.error?.message;

  return (
    <Stack gap="sm">
      <PasswordField
        label={props.label}
        name={password.field.name}
        value={value}
        onChange={password.field.onChange}
        onBlur={password.field.onBlur}
        inputRef={password.field.ref}
        error={props.errorText?.(code) ?? validationMessage(t, code, props.label)}
        required={!props.optional}
        withGenerator
        withStrength={!props.rules}
        long={props.long}
        username={props.username}
        min={props.min}
        max={props.max}
        visible={visible}
        onVisibleChange={setVisible}
        onGenerate={(generated) => repeat.field.onChange(generated)}
      />
      {props.rules}
      <PasswordField
        label={props.repeatLabel}
        name={repeat.field.name}
        value={repeatValue}
        onChange={repeat.field.onChange}
        onBlur={repeat.field.onBlur}
        inputRef={repeat.field.ref}
        error={validationMessage(t, repeat.fieldState.error?.message, props.repeatLabel)}
        required={!props.optional}
        autoComplete="new-password"
        visible={visible}
        onVisibleChange={setVisible}
      />
    </Stack>
  );
}
