import { useState } from 'react';
import { List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LIMITS, VALIDATION, passwordProblems, passwordRulesOf } from '@haven/contract';
import { PasswordField } from './password-field.tsx';
import { validationMessage } from '../../lib/validation.ts';

interface PasswordPair {
  password: string;
  password_repeat: string;
}

/**
 * FTP users, protected-directory users and database users follow the shorter `service` policy
 * (specs §5: one letter, one digit, one special character), which the server judges the same way.
 */
export function refineServicePassword(username: () => string | undefined) {
  return (value: PasswordPair, ctx: z.RefinementCtx) => {
    if (value.password && passwordProblems(value.password, { variant: 'service', username: username() }).length > 0) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: VALIDATION.invalidPassword });
    }
    if (value.password !== value.password_repeat) {
      ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: VALIDATION.confirmed });
    }
  };
}

/** The repeat field of a service password pair; `refineServicePassword` compares the two. */
export const passwordRepeat = z.string();

export function ServiceRules({ password, username }: { password: string; username: string | undefined }) {
  const { t } = useTranslation('common');
  const problems = new Set(passwordProblems(password, { variant: 'service', username }));
  const rules = passwordRulesOf('service').filter((rule) => rule !== 'username' || Boolean(username));
  return (
    <List size="xs" spacing={2} center aria-label={t('password.rules_title')}>
      {rules.map((rule) => {
        const met = password.length > 0 && !problems.has(rule);
        return (
          <List.Item
            key={rule}
            icon={
              <ThemeIcon size={16} radius="xl" color={met ? 'teal' : 'gray'} variant={met ? 'filled' : 'light'}>
                {met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text size="xs" c={met ? undefined : 'dimmed'}>
              {t(`password.rules.${rule}`, { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
              <VisuallyHidden> ({t(met ? 'common:password.met' : 'common:password.not_met')})</VisuallyHidden>
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}

interface Props<T extends FieldValues> {
  control: Control<T>;
  /** Field names; `password` and `password_repeat` unless nested (`ftp.password`). */
  name?: Path<T>;
  repeatName?: Path<T>;
  label: string;
  repeatLabel: string;
  username?: string | undefined;
  /** Text for the `invalid_password` code (the rules list says which rule). */
  invalidText: string;
}

/** A new service password and its repeat; the generator fills both and shows them. */
export function ServicePasswordFields<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation('common');
  const password = useController({ control: props.control, name: props.name ?? ('password' as Path<T>) });
  const repeat = useController({ control: props.control, name: props.repeatName ?? ('password_repeat' as Path<T>) });
  const [visible, setVisible] = useState(false);
  const value = typeof password.field.value === 'string' ? password.field.value : '';
  const code = password.fieldState.error?.message;
  const passwordError = code === VALIDATION.invalidPassword ? props.invalidText : validationMessage(t, code, props.label);

  return (
    <Stack gap="sm">
      <PasswordField
        label={props.label}
        name={password.field.name}
        value={value}
        onChange={password.field.onChange}
        onBlur={password.field.onBlur}
        inputRef={password.field.ref}
        error={passwordError}
        required
        withGenerator
        visible={visible}
        onVisibleChange={setVisible}
        onGenerate={(generated) => repeat.field.onChange(generated)}
      />
      <ServiceRules password={value} username={props.username} />
      <PasswordField
        label={props.repeatLabel}
        name={repeat.field.name}
        value={typeof repeat.field.value === 'string' ? repeat.field.value : ''}
        onChange={repeat.field.onChange}
        onBlur={repeat.field.onBlur}
        inputRef={repeat.field.ref}
        error={validationMessage(t, repeat.fieldState.error?.message, props.repeatLabel)}
        required
        autoComplete="new-password"
        visible={visible}
        onVisibleChange={setVisible}
      />
    </Stack>
  );
}
