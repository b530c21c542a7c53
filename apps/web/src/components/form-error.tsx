import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The danger alert above a form; renders nothing without a message. */
export function FormError({
  message,
  title,
}: {
  message: string | null | undefined;
  title?: string;
}) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
    >
      {message}
    </Alert>
  );
}
