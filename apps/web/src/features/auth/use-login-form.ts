import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { LOGIN_FIELDS, loginBody, type LoginField } from '@haven/contract/auth';

export type LoginFields = Record<LoginField, string>;

/** A validation code per field (`validations:<code>` on screen). */
export type LoginErrors = Partial<Record<LoginField, string>>;

/** Checks by the server's login rules: the first code of each invalid field, else the values as read. */
function checkLogin(values: LoginFields): { problems: LoginErrors; valid?: LoginFields } {
  const parsed = loginBody.safeParse(values);
  const problems: LoginErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const name = LOGIN_FIELDS.find((field) => field === issue.path[0]);
    if (name) problems[name] ??= issue.message;
  }
  return parsed.success ? { problems, valid: parsed.data } : { problems };
}

/**
 * The login form's values, errors and submit, checked by the contract's `auth.loginBody`. It
 * behaves as the other forms do: check on submit, focus the first invalid field, then re-check a
 * field as it changes.
 */
export function useLoginForm(initial: LoginFields) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  // The form's fields in screen order.
  const fieldNames = Object.keys(initial) as LoginField[];
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const setValue = (name: LoginField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (!submitted.current) return;
    // Only the changed field is re-checked: a server's code on another field stays until it changes.
    const code = checkLogin(next).problems[name];
    setErrors(({ [name]: _old, ...others }) => (code ? { ...others, [name]: code } : others));
  };

  const inputRef = (name: LoginField) => (element: HTMLInputElement | null) => {
    inputs.current[name] = element;
  };

  /** Props for a text input of the form. */
  const field = (name: LoginField) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.value),
    ref: inputRef(name),
  });

  /** Checks the values and passes them on as the server reads them (trimmed, domain lower-case). */
  const handleSubmit = (send: (values: LoginFields) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { problems, valid } = checkLogin(values);
    setErrors(problems);
    const first = fieldNames.find((name) => problems[name]);
    if (first) inputs.current[first]?.focus();
    else if (valid) send(valid);
  };

  /** Shows the server's field codes (the error envelope's `fields`); says whether there were any. */
  const showFieldErrors = (fields: Record<string, string>): boolean => {
    const known: LoginErrors = {};
    for (const name of fieldNames) if (fields[name]) known[name] = fields[name];
    setErrors(known);
    return Object.keys(known).length > 0;
  };

  return { values, errors, field, setValue, inputRef, handleSubmit, showFieldErrors };
}
