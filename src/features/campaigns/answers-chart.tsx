import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { AnswerKey, CampaignTimeline } from '../../../domain/campaigns.ts';

// Only the parts a stacked bar chart needs (chart.js tree-shakes what is not registered).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Good and thumbs up green, neutral amber, bad and thumbs down red (the legend names each). */
const colours: Record<AnswerKey, string> = { up: '#15803d', good: '#15803d', neutral: '#b45309', down: '#b91c1c', bad: '#b91c1c' };

const dayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The campaign's answers per day, stacked by answer (chart.js on a canvas). This module and
 * chart.js load only with the campaign's screen. The canvas is an image named by its summary;
 * the numbers themselves are in the table beside it.
 */
export default function AnswersChart({ timeline, summary }: { timeline: CampaignTimeline; summary: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const dark = document.documentElement.classList.contains('dark');
    const text = dark ? '#cbd5e1' : '#334155';
    const grid = dark ? '#334155' : '#e2e8f0';
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: timeline.days.map((day) => dayLabel(day.date)),
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
    return () => chart.destroy();
  }, [timeline]);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
