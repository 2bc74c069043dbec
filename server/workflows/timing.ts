import type { WorkflowTask } from '../../domain/workflows.ts';

const HOUR_MS = 3_600_000;

/**
 * How long a task waits after the one before it (or after its item was added): its delay, or with
 * the demo scale (WORKFLOW_SECONDS_PER_DAY) a day in `secondsPerDay` seconds and an hour in a 24th.
 */
export function taskDelayMs(task: Pick<WorkflowTask, 'delay'>, secondsPerDay = 0): number {
  const hours = task.delay.amount * (task.delay.unit === 'days' ? 24 : 1);
  return secondsPerDay > 0 ? Math.round((hours / 24) * secondsPerDay * 1000) : hours * HOUR_MS;
}

/** When a task falls due, counted from `from`. */
export const dueAfter = (task: Pick<WorkflowTask, 'delay'>, from: Date, secondsPerDay?: number): Date => new Date(from.getTime() + taskDelayMs(task, secondsPerDay));
