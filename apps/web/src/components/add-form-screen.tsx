import type { FormEventHandler, ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isApiError } from '../lib/api.ts';
import { errorCode } from '../lib/error-text.ts';
import { ScreenHeader } from './screen-header.tsx';
import { FormCard } from './screen-kit/form-card.tsx';

interface Props {
  header: { title: string; intro?: ReactNode; back: { to: string; label: string } };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's refusal when no field owns it (see `serverErrors`). */
  error: string | undefined;
  submit: { label: string; pending: boolean; disabled?: boolean };
  /** Shown between the heading and the form, e.g. that the service cannot be reached. */
  notice?: ReactNode;
  children: ReactNode;
}

/** An add screen: heading with the way back, then the form in a card with its submit button. */
export function AddFormScreen({ header, onSubmit, error, submit, notice, children }: Props) {
  return (
    <Stack gap="md" maw={640}>
      <ScreenHeader title={header.title} intro={header.intro} back={header.back} />
      {notice}
      <FormCard onSubmit={onSubmit} error={error} submit={submit}>
        {children}
      </FormCard>
    </Stack>
  );
}

/**
 * Where a server refusal shows: on form fields, or (null) as the form's one alert, never both.
 * A code that names a field (`codeFields`: code -> field) goes there; else the answer's own
 * `fields` (field -> code) when every one of them is a field the form shows (`shown`).
 */
export function serverErrorPlacement<F extends string>(
  error: unknown,
  codeFields: Partial<Record<string, F>>,
  shown: readonly F[] = [],
): { field: F; code: string }[] | null {
  const code = errorCode(error);
  const field = codeFields[code];
  if (field) return [{ field, code }];
  const fields = isApiError(error) ? Object.entries(error.fields) : [];
  const onField = fields.filter(([name]) => (shown as readonly string[]).includes(name));
  if (fields.length === 0 || onField.length < fields.length) return null;
  return onField.map(([name, fieldCode]) => ({ field: name as F, code: fieldCode }));
}

/**
 * Puts a server refusal on the field(s) it belongs to (see `serverErrorPlacement`) or leaves it
 * for the form's alert. `text` turns an error into the translated message; `fieldText` a field
 * code from the answer's `fields` (by default the same catalogue as `text`).
 */
export function serverErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  fields: Partial<Record<string, Path<V>>>,
  text: (error: unknown) => string,
  options: { shown?: readonly Path<V>[]; fieldText?: (code: string) => string } = {},
) {
  const place = (error: unknown) => serverErrorPlacement(error, fields, options.shown);
  const messageOf = (error: unknown, code: string) =>
    code === errorCode(error)
      ? text(error)
      : (options.fieldText?.(code) ??
        text(new ApiError(isApiError(error) ? error.status : 422, code, {}, areaOf(error))));
  return {
    onError: (error: unknown) => {
      (place(error) ?? []).forEach(({ field, code }, i) =>
        setError(
          field,
          { type: 'server', message: messageOf(error, code) },
          { shouldFocus: i === 0 },
        ),
      );
    },
    formError: (mutation: { isError: boolean; error: unknown }) =>
      mutation.isError && place(mutation.error) === null ? text(mutation.error) : undefined,
  };
}

const areaOf = (error: unknown) => (isApiError(error) ? error.area : undefined);
