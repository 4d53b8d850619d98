import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// only what the bars need: Chart.js tree-shakes to the registered parts, in this lazy chunk alone
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface StatsChartProps {
  /** what the chart shows, read out by screen readers (the figures are also in the list beside it) */
  title: string;
  labels: string[];
  values: number[];
  /** horizontal bars for long labels (node names) */
  horizontal?: boolean;
  color?: string;
}

/** A bar chart drawn by Chart.js on a canvas; redrawn when its figures change. */
export default function StatsChart({ title, labels, values, horizontal = false, color = '#1063e0' }: StatsChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // the figures as text: a re-render with the same figures (new arrays) keeps the drawn chart
  const labelKey = labels.join('\u0000');
  const valueKey = values.join(',');
  useEffect(() => {
    const labels = labelKey.split('\u0000');
    const values = valueKey.split(',').map(Number);
    if (!canvas.current) return;
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: { labels, datasets: [{ label: title, data: values, backgroundColor: color, borderRadius: 4 }] },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false }, tooltip: { enabled: true } },
        scales: {
          x: { ticks: { font: { size: 11 } }, beginAtZero: true },
          y: { ticks: { font: { size: 11 }, precision: 0 }, beginAtZero: true },
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [title, labelKey, valueKey, horizontal, color]);
  return (
    <div className="flow-stats-chart" style={{ height: horizontal ? 40 + labels.length * 32 : 180 }}>
      <canvas ref={canvas} role="img" aria-label={title} data-chart-values={valueKey} />
    </div>
  );
}
