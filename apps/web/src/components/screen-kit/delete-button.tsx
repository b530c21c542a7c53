import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../confirm-delete.tsx';
import { toast } from '../toast.ts';

/** A delete mutation as TanStack Query gives it, whatever it answers. */
export interface DeleteMutation<V> {
  mutate(
    variables: V,
    options: { onSuccess: () => void; onError?: (error: unknown) => void },
  ): void;
  isPending: boolean;
}

interface Props<V> {
  label: string;
  /** The confirmation: `name` in its title (what goes), `message` what else happens. */
  confirm: { name: string; message: string };
  mutation: DeleteMutation<V>;
  variables: V;
  /** After the delete: the toast, and the screen to go to (the list) when this one is gone. */
  done: { text: string; to?: string };
  /** A refusal as a toast; without it the screen shows `mutation.error` itself. */
  onError?: (error: unknown) => void;
  /** Names the thing where the label alone does not (a delete button on each card). */
  'aria-label'?: string;
  disabled?: boolean;
}

/** The delete of a detail screen or a card: confirmed by its name, then a toast and away. */
export function DeleteButton<V>(props: Props<V>) {
  const { label, confirm, mutation, variables, done, onError, disabled } = props;
  const navigate = useNavigate();
  const onClick = () =>
    confirmDelete({
      ...confirm,
      onConfirm: () =>
        mutation.mutate(variables, {
          onSuccess: () => {
            toast.success(done.text);
            if (done.to) void navigate(done.to);
          },
          onError,
        }),
    });
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconTrash size={16} aria-hidden />}
      onClick={onClick}
      loading={mutation.isPending}
      disabled={disabled}
      aria-label={props['aria-label']}
    >
      {label}
    </Button>
  );
}
