import { ArcElement, Chart as ChartJS, Legend, Tooltip } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';

ChartJS.register(ArcElement, Legend, Tooltip);

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
 * A donut (specs: cutout 70 %) with its legend below. The canvas is hidden from screen readers:
 * the card that shows it gives the same figures as a list (the text alternative).
 */
export function DonutChart({ slices, format }: Props) {
  const empty = slices.every((s) => s.value === 0);
  return (
    <div style={{ position: 'relative', height: 260 }} aria-hidden>
      <Doughnut
        data={{
          labels: slices.map((s) => `${s.label}: ${format(s.value)}`),
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
            legend: {
              display: !empty,
              position: 'bottom',
              labels: { boxWidth: 12, font: { size: 13 }, color: '#212529' },
            },
            tooltip: { enabled: !empty },
          },
        }}
      />
    </div>
  );
}
