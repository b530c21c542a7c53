import { Skeleton } from '@mantine/core';
import { ArcElement, Chart as ChartJS, Tooltip } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import { useOwnTask } from './one-per-task.ts';

ChartJS.register(ArcElement, Tooltip);

export interface Slice {
  label: string;
  value: number;
  color: string;
}

interface Props {
  slices: readonly Slice[];
  /** How a value reads in the legend and tooltip (sizes: `1.2 MB`). */
  format: (value: number) => string;
}

/**
 * A donut (specs: cutout 70 %). The canvas is hidden from screen readers and has no legend of
 * its own: the card that shows it gives the figures as an HTML list (legend and text alternative).
 */
export function DonutChart({ slices, format }: Props) {
  const empty = slices.every((s) => s.value === 0);
  const ready = useOwnTask();
  // Until its turn, the placeholder its card shows while Chart.js loads.
  if (!ready) return <Skeleton height={260} circle={false} />;
  return (
    <div style={{ position: 'relative', height: 260 }} aria-hidden>
      <Doughnut
        data={{
          labels: slices.map((s) => `${s.label}: ${format(s.value)}`), // the tooltip's text
          datasets: [
            {
              // With nothing used yet a grey ring shows the shape rather than nothing.
              data: empty ? [1] : slices.map((s) => s.value),
              backgroundColor: empty ? ['#dee2e6'] : slices.map((s) => s.color),
              borderWidth: 1,
            },
          ],
        }}
        options={{
          cutout: '70%',
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            legend: { display: false },
            tooltip: { enabled: !empty },
          },
        }}
      />
    </div>
  );
}
