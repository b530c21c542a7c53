import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';

ChartJS.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  values: readonly number[];
  color: string;
}

interface Props {
  labels: readonly string[];
  series: readonly Series[];
  format: (value: number) => string;
}

/** Stacked daily bars; hidden from screen readers, as the screen shows the same as a table. */
export function BarChart({ labels, series, format }: Props) {
  return (
    <div style={{ position: 'relative', height: 280 }} aria-hidden>
      <Bar
        data={{
          labels: [...labels],
          datasets: series.map((s) => ({
            label: s.label,
            data: [...s.values],
            backgroundColor: s.color,
          })),
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { stacked: true },
            // Whole numbers only: a month without traffic showed 0 B, 0 B… 1 B for 0.1 steps.
            y: {
              stacked: true,
              beginAtZero: true,
              ticks: { precision: 0, callback: (v) => format(Number(v)) },
            },
          },
          plugins: {
            legend: { position: 'bottom', labels: { boxWidth: 12, color: '#212529' } },
            tooltip: {
              callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${format(Number(c.raw))}` },
            },
          },
        }}
      />
    </div>
  );
}
