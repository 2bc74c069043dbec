import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartEvent } from 'chart.js';
import { useCallback, useEffect, useRef } from 'react';
import { useDrawWhenNear } from '../../lib/draw-when-near.ts';

// Only the parts a bar chart needs (chart.js tree-shakes what is not registered).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export type BarSeries = { label: string; data: number[]; colour: string };

type BarChartProps = {
  labels: string[];
  series: BarSeries[];
  /** A sentence saying what the chart shows: the canvas's accessible name (the figures are in the table beside it). */
  summary: string;
  stacked?: boolean;
  /** Bars along the y axis (for long category names: dispositions, queues). */
  horizontal?: boolean;
  /** The value axis's ticks and the tooltip (e.g. seconds as m:ss, a share as %). */
  format?(value: number): string;
  max?: number;
  /**
   * A bar was clicked: its category, and its series when the click hit one bar of a stack (null
   * when it fell in the category's column but on no bar: the whole category).
   */
  onSelect(index: number, series: number | null): void;
};

/**
 * A bar chart on a canvas (chart.js). This module and chart.js load only with the Insights
 * screen. Clicking anywhere in a category's column selects it, so a thin bar is easy to hit.
 * It is drawn once near the viewport, one chart per task (`drawWhenNear`); until then the canvas
 * says it is busy.
 */
export default function BarChart({ labels, series, summary, stacked = false, horizontal = false, format, max, onSelect }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  });
  const draw = useCallback((element: HTMLCanvasElement) => drawBarChart(element, { labels, series, stacked, horizontal, format, max }, select), [labels, series, stacked, horizontal, format, max]);
  const drawn = useDrawWhenNear(canvas, draw);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} aria-busy={!drawn} />
    </div>
  );
}

type DrawnProps = Required<Pick<BarChartProps, 'labels' | 'series' | 'stacked' | 'horizontal'>> & Pick<BarChartProps, 'format' | 'max'>;

function drawBarChart(canvas: HTMLCanvasElement, { labels, series, stacked, horizontal, format, max }: DrawnProps, select: { current: BarChartProps['onSelect'] }) {
  const dark = document.documentElement.classList.contains('dark');
  const text = dark ? '#cbd5e1' : '#334155';
  const grid = dark ? '#334155' : '#e2e8f0';
  const valueAxis = { stacked, beginAtZero: true, max, ticks: { color: text, precision: 0, ...(format && { callback: (value: string | number) => format(Number(value)) }) }, grid: { color: grid } };
  const categoryAxis = { stacked, ticks: { color: text, maxRotation: 0, autoSkip: true, maxTicksLimit: horizontal ? 12 : 8 }, grid: { display: false } };
  const chart = new Chart(canvas, {
    type: 'bar',
    data: { labels, datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.colour, ...(stacked && { stack: 'all' }) })) },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: horizontal ? { y: categoryAxis, x: valueAxis } : { x: categoryAxis, y: valueAxis },
      plugins: {
        legend: { display: series.length > 1, labels: { color: text } },
        tooltip: format ? { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` } } : {},
      },
      onHover: (event: ChartEvent, elements) => {
        const target = event.native?.target;
        if (target instanceof HTMLElement) target.style.cursor = elements.length > 0 ? 'pointer' : 'default';
      },
      onClick: (event: ChartEvent) => {
        if (!event.native) return;
        const hit = chart.getElementsAtEventForMode(event.native, 'nearest', { intersect: true }, false)[0];
        if (hit) return select.current(hit.index, hit.datasetIndex);
        const column = chart.getElementsAtEventForMode(event.native, 'index', { intersect: false, axis: horizontal ? 'y' : 'x' }, false)[0];
        if (column) select.current(column.index, null);
      },
    },
  });
  return chart;
}
