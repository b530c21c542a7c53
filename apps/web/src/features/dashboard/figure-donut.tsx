import { lazy, Suspense } from 'react';
import { Box, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import type { Slice } from '../../components/charts/donut-chart.tsx';

// Chart.js loads with its own chunk, after the dashboard's first paint.
const DonutChart = lazy(() =>
  import('../../components/charts/donut-chart.tsx').then((m) => ({ default: m.DonutChart })),
);

interface Props {
  id: string;
  title: string;
  slices: readonly Slice[];
  format: (value: number) => string;
  /** A line under the legend (when measured, a total). */
  note?: string;
}

/**
 * A card with a donut and its legend as an HTML list: readable at any width, and the text
 * alternative screen readers get (the canvas itself is hidden from them).
 */
export function FigureDonut({ id, title, slices, format, note }: Props) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <Suspense fallback={<Skeleton height={260} circle={false} />}>
        <DonutChart slices={slices} format={format} />
      </Suspense>
      <Box component="ul" p={0} mt="sm" style={{ listStyle: 'none' }}>
        {slices.map((s) => (
          <Group component="li" key={s.label} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap">
              <Box w={10} h={10} style={{ background: s.color, borderRadius: 2, flex: 'none' }} />
              <Text size="sm">{s.label}</Text>
            </Group>
            <Text size="sm" fw={500}>
              {format(s.value)}
            </Text>
          </Group>
        ))}
      </Box>
      {note && (
        <Text size="xs" c="dimmed" mt="xs">
          {note}
        </Text>
      )}
    </Card>
  );
}
