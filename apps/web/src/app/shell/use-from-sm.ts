import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is at least the sm breakpoint (the query of Mantine's `visibleFrom="sm"`),
 * read at the first render, so what renders only on one side of it never appears a frame late.
 */
export function useFromSm(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, undefined, {
    getInitialValueInEffect: false,
  });
}
