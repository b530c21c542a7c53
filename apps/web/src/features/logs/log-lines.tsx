import { Box } from '@mantine/core';

/**
 * Log lines as plain text (React escapes them: a User-Agent with HTML in it shows as text).
 * The box scrolls sideways on a phone and is focusable, so the keyboard can scroll it too.
 */
export function LogLines({ lines, label }: { lines: readonly string[]; label: string }) {
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={label}
      data-testid="log-lines"
      m={0}
      p="sm"
      style={{
        fontFamily: 'var(--mantine-font-family-monospace)',
        fontSize: 12,
        lineHeight: 1.5,
        whiteSpace: 'pre',
        overflowX: 'auto',
        maxHeight: '70vh',
        overflowY: 'auto',
        background: 'var(--mantine-color-gray-0)',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
      }}
    >
      {lines.join('\n')}
    </Box>
  );
}
