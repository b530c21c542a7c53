import { Button, Group } from '@mantine/core';

/**
 * A form's submit button at its end; while the call runs it spins and takes no second click.
 * `disabled` when the form cannot be sent at all (a limit reached); the form says why.
 */
export function SubmitRow({
  label,
  pending,
  disabled = false,
}: {
  label: string;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button type="submit" loading={pending} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
