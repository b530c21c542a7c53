import { Button, Group } from '@mantine/core';

/** A form's submit button at its end; while the call runs it spins and takes no second click. */
export function SubmitRow({ label, pending }: { label: string; pending: boolean }) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Group>
  );
}
