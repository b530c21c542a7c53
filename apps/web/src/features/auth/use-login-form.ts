import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  LOGIN_FIELDS,
  loginProblems,
  normaliseLogin,
  type LoginField,
  type LoginFields,
} from '@haven/contract';

/** A validation code per field (`validations:<code>` on screen). */
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The login form's values, errors and submit. Made for this one form instead of react-hook-form
 * (14 kB gzipped) because the login route has a first-load budget (issue #2); the rules are the
 * contract's zod-free `loginProblems`, tested against the server's schema. It behaves as the
 * other forms do: check on submit, focus the first invalid field, then re-check a field as it
 * changes.
 */
export function useLoginForm(initial: LoginFields) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const setValue = (name: LoginField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (!submitted.current) return;
    // Only the changed field is re-checked: a server's code on another field stays until it changes.
    const code = loginProblems(next)[name];
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
    const problems = loginProblems(values);
    setErrors(problems);
    const first = LOGIN_FIELDS.find((name) => problems[name]);
    if (first) inputs.current[first]?.focus();
    else send(normaliseLogin(values));
  };

  /** Shows the server's field codes (the error envelope's `fields`); says whether there were any. */
  const showFieldErrors = (fields: Record<string, string>): boolean => {
    const known: LoginErrors = {};
    for (const name of LOGIN_FIELDS) if (fields[name]) known[name] = fields[name];
    setErrors(known);
    return Object.keys(known).length > 0;
  };

  return { values, errors, field, setValue, inputRef, handleSubmit, showFieldErrors };
}
