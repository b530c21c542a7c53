import type { FormEventHandler, ReactNode } from 'react';
import { Paper, Stack } from '@mantine/core';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { FormError } from './form-error.tsx';
import { errorCode } from '../lib/error-text.ts';
import { ScreenHeader } from './screen-header.tsx';
import { SubmitRow } from './submit-row.tsx';

interface Props {
  header: { title: string; intro?: ReactNode; back: { to: string; label: string } };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's refusal when no field owns it (see `serverErrors`). */
  error: string | undefined;
  submit: { label: string; pending: boolean };
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
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {error && <FormError message={error} />}
            {children}
            <SubmitRow label={submit.label} pending={submit.pending} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

/**
 * Puts a server error code on the field it belongs to (`fields`: code -> field), or leaves it
 * for the form's own error line. `text` turns an error into the translated message.
 */
export function serverErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  fields: Record<string, Path<V>>,
  text: (error: unknown) => string,
) {
  return {
    onError: (error: unknown) => {
      const field = fields[errorCode(error)];
      if (field) setError(field, { type: 'server', message: text(error) }, { shouldFocus: true });
    },
    formError: (mutation: { isError: boolean; error: unknown }) =>
      mutation.isError && fields[errorCode(mutation.error)] === undefined
        ? text(mutation.error)
        : undefined,
  };
}
