import type { FormEventHandler, ReactNode } from 'react';
import { Paper, Stack } from '@mantine/core';
import { FormError } from '../form-error.tsx';
import { SubmitRow } from '../submit-row.tsx';

export interface FormCardProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's refusal when no field owns it (see `serverErrors`). */
  error: string | undefined;
  submit: { label: string; pending: boolean; disabled?: boolean };
  maw?: number;
  children: ReactNode;
}

/** A form in a card: the refusal on top, the fields, the submit button (add and edit alike). */
export function FormCard({ onSubmit, error, submit, maw, children }: FormCardProps) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={maw}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {error && <FormError message={error} />}
          {children}
          <SubmitRow {...submit} />
        </Stack>
      </form>
    </Paper>
  );
}
