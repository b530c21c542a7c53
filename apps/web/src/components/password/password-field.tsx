import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { ActionIcon, Group, PasswordInput, Stack } from '@mantine/core';
import { IconEye, IconEyeOff, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, generatePassword } from '@haven/contract/shared';
import { CopyValueButton } from '../copy-value-button.tsx';

// Only forms for a new password show the meter; the login page never loads it.
const PasswordStrength = lazy(() =>
  import('./password-strength.tsx').then((m) => ({ default: m.PasswordStrength })),
);

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  /** Specs: generated passwords are 12 long, 20 where a screen asks for it. */
  long?: boolean;
  /** Offer the generator button (new passwords only). */
  withGenerator?: boolean;
  /** Show the strength meter and the policy rules (new passwords only). */
  withStrength?: boolean;
  /** Counted by the `username` rule and by zxcvbn as guessable. */
  username?: string | undefined;
  min?: number;
  max?: number;
  autoComplete?: string;
  /** Shown or hidden from outside, so a generated pair is visible in both fields. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
  onGenerate?: (password: string) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}

/** Password input with show/hide, an optional generator and an optional strength meter. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const [ownVisible, setOwnVisible] = useState(false);
  const visible = props.visible ?? ownVisible;
  const setVisible = (next: boolean) => {
    setOwnVisible(next);
    props.onVisibleChange?.(next);
  };

  const [generated, setGenerated] = useState<string | null>(null);
  const generate = () => {
    const password = generatePassword(
      props.long ? LIMITS.generatedPasswordLengthLong : LIMITS.generatedPasswordLength,
    );
    props.onChange(password);
    setGenerated(password);
    // A generated password is useless unless the user can read it to keep it somewhere.
    setVisible(true);
    props.onGenerate?.(password);
  };

  const toggleLabel = visible ? t('password.hide') : t('password.show');

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <PasswordInput
          id={id}
          ref={props.inputRef}
          style={{ flex: 1 }}
          label={props.label}
          name={props.name}
          value={props.value}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          onBlur={props.onBlur}
          error={props.error}
          description={props.description}
          required={props.required}
          withAsterisk={props.required}
          autoComplete={
            props.autoComplete ?? (props.withGenerator ? 'new-password' : 'current-password')
          }
          visible={visible}
          onVisibilityChange={setVisible}
          visibilityToggleIcon={({ reveal }) =>
            reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
          }
          visibilityToggleButtonProps={{
            'aria-label': toggleLabel,
            title: toggleLabel,
            tabIndex: 0,
          }}
        />
        {props.withGenerator && (
          <ActionIcon
            variant="light"
            size={36}
            mt={props.label ? 25 : 0}
            onClick={generate}
            aria-label={t('password.generate')}
            title={t('password.generate')}
            aria-controls={id}
          >
            <IconWand size={18} aria-hidden />
          </ActionIcon>
        )}
        {/* Beside a generated password (until it is changed by hand): copy it to keep it. */}
        {generated !== null && generated === props.value && (
          <CopyValueButton value={generated} label={t('password.copy')} mt={props.label ? 25 : 0} />
        )}
      </Group>
      {props.withStrength && (
        <Suspense fallback={null}>
          <PasswordStrength
            password={props.value}
            username={props.username}
            min={props.min}
            max={props.max}
          />
        </Suspense>
      )}
    </Stack>
  );
}
