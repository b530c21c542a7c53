import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS, VALIDATION, passwordProblems, passwordRulesOf } from '@haven/contract/shared';
import { PasswordWithRepeat } from './password-with-repeat.tsx';
import { RuleList } from './rule-list.tsx';

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

export function ServiceRules({
  password,
  username,
}: {
  password: string;
  username: string | undefined;
}) {
  const problems = new Set(passwordProblems(password, { variant: 'service', username }));
  return (
    <RuleList
      rules={passwordRulesOf('service').filter((rule) => rule !== 'username' || Boolean(username))}
      isMet={(rule) => password.length > 0 && !problems.has(rule)}
      min={LIMITS.passwordMin}
      max={LIMITS.passwordMax}
    />
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

/** A new service password and its repeat, with the service rules instead of the strength meter. */
export function ServicePasswordFields<T extends FieldValues>({ invalidText, ...props }: Props<T>) {
  const name = props.name ?? ('password' as Path<T>);
  const value: unknown = useWatch({ control: props.control, name });
  return (
    <PasswordWithRepeat
      {...props}
      name={name}
      repeatName={props.repeatName ?? ('password_repeat' as Path<T>)}
      rules={
        <ServiceRules password={typeof value === 'string' ? value : ''} username={props.username} />
      }
      errorText={(code) => (code === VALIDATION.invalidPassword ? invalidText : undefined)}
    />
  );
}
