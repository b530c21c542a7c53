import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';

/** What a detail screen says about its thing: label over value, two a row from phone width up. */
export function Facts({ facts }: { facts: readonly { label: string; value: ReactNode }[] }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {facts.map(({ label, value }) => (
          <Stack gap={0} key={label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text>{value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
