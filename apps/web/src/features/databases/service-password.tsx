import { useState } from 'react';
import { List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LIMITS, VALIDATION, passwordProblems, passwordRulesOf } from '@haven/contract';
import { PasswordField } from '../../components/password/password-field.tsx';
import { validationMessage } from '../../lib/validation.ts';

/**
 * Database users follow the shorter `service` policy (specs: one letter, one digit, one special
 * character), so the shared full-policy meter does not fit; this pair lists the service rules.
 */
export function refineServicePassword(username: () => string | undefined) {
  return (value: { password: string; password_repeat: string }, ctx: z.RefinementCtx) => {
    if (
      value.password &&
      passwordProblems(value.password, { variant: 'service', username: username() }).length > 0
    ) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: VALIDATION.invalidPassword });
    }
    if (value.password !== value.password_repeat) {
      ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: VALIDATION.confirmed });
    }
  };
}

export const passwordRepeat = z.string();

function ServiceRules({ password, username }: { password: string; username: string | undefined }) {
  const { t } = useTranslation('databases');
  const problems = new Set(passwordProblems(password, { variant: 'service', username }));
  const rules = passwordRulesOf('service').filter(
    (rule) => rule !== 'username' || Boolean(username),
  );
  return (
    <List size="xs" spacing={2} center aria-label={t('password_rules')}>
      {rules.map((rule) => {
        const met = password.length > 0 && !problems.has(rule);
        return (
          <List.Item
            key={rule}
            icon={
              <ThemeIcon
                size={16}
                radius="xl"
                color={met ? 'teal' : 'gray'}
                variant={met ? 'filled' : 'light'}
              >
                {met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text size="xs" c={met ? undefined : 'dimmed'}>
              {t(`rules.${rule}`, { min: LIMITS.passwordMin, max: LIMITS.passwordMax })}
              <VisuallyHidden>
                {' '}
                ({t(met ? 'common:password.met' : 'common:password.not_met')})
              </VisuallyHidden>
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}

interface Props<T extends FieldValues> {
  control: Control<T>;
  label: string;
  repeatLabel: string;
  username?: string | undefined;
}

/** A new database-user password and its repeat; the generator fills both and shows them. */
export function ServicePasswordFields<T extends FieldValues>({
  control,
  label,
  repeatLabel,
  username,
}: Props<T>) {
  const { t } = useTranslation('databases');
  const password = useController({ control, name: 'password' as Path<T> });
  const repeat = useController({ control, name: 'password_repeat' as Path<T> });
  const [visible, setVisible] = useState(false);
  const value = typeof password.field.value === 'string' ? password.field.value : '';
  const code = password.fieldState.error?.message;
  // The client check and the server's `invalid_password` read alike: the rules list says which.
  const passwordError =
    code === VALIDATION.invalidPassword
      ? t('error.invalid_password')
      : validationMessage(t, code, label);

  return (
    <Stack gap="sm">
      <PasswordField
        label={label}
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
      <ServiceRules password={value} username={username} />
      <PasswordField
        label={repeatLabel}
        name={repeat.field.name}
        value={typeof repeat.field.value === 'string' ? repeat.field.value : ''}
        onChange={repeat.field.onChange}
        onBlur={repeat.field.onBlur}
        inputRef={repeat.field.ref}
        error={validationMessage(t, repeat.fieldState.error?.message, repeatLabel)}
        required
        autoComplete="new-password"
        visible={visible}
        onVisibleChange={setVisible}
      />
    </Stack>
  );
}
