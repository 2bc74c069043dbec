import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useCallback, useRef } from 'react';
import type { AnswerKey, CampaignTimeline } from '../../../domain/campaigns.ts';
import { useDrawWhenNear } from '../../lib/draw-when-near.ts';
import { useShortDayFormat } from '../../lib/format.ts';

// Only the parts a stacked bar chart needs (chart.js tree-shakes what is not registered).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Good and thumbs up green, neutral amber, bad and thumbs down red (the legend names each). */
const colours: Record<AnswerKey, string> = { up: '#15803d', good: '#15803d', neutral: '#b45309', down: '#b91c1c', bad: '#b91c1c' };

/**
 * The campaign's answers per day, stacked by answer (chart.js on a canvas). This module and
 * chart.js load only with the campaign's screen. The canvas is an image named by its summary;
 * the numbers themselves are in the table beside it. It is drawn once near the viewport
 * (`drawWhenNear`); until then the canvas says it is busy.
 */
export default function AnswersChart({ timeline, summary }: { timeline: CampaignTimeline; summary: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const shortDay = useShortDayFormat();
  const draw = useCallback((element: HTMLCanvasElement) => drawAnswersChart(element, timeline, shortDay), [timeline, shortDay]);
  const drawn = useDrawWhenNear(canvas, draw);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} aria-busy={!drawn} />
    </div>
  );
}

/** `shortDay` names the days in the user's format. */
function drawAnswersChart(canvas: HTMLCanvasElement, timeline: CampaignTimeline, shortDay: (date: string) => string) {
  const dark = document.documentElement.classList.contains('dark');
  const text = dark ? '#cbd5e1' : '#334155';
  const grid = dark ? '#334155' : '#e2e8f0';
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: timeline.days.map((day) => shortDay(day.date)),
      datasets: timeline.series.map((series) => ({
        label: series.label,
        data: timeline.days.map((day) => day.answers[series.key] ?? 0),
        backgroundColor: colours[series.key],
        stack: 'answers',
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: { stacked: true, ticks: { color: text, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 }, grid: { display: false } },
        y: { stacked: true, beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
      },
      plugins: { legend: { labels: { color: text } } },
    },
  });
}
