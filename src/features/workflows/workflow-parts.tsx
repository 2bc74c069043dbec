import type { DelayUnit, ItemEventKind, TaskName, Workflow, WorkflowItemStatus, WorkflowStatus, WorkflowTask } from '../../../domain/workflows.ts';
import { workflowItemStatuses } from '../../../domain/workflows.ts';
import { cn } from '../../lib/cn.ts';

/** How each task reads (issue 43: outboundCall "Outbound call", sendSMS "Text message", jotformCall "Form call"). */
export const taskLabels: Record<TaskName, string> = { outboundCall: 'Outbound call', sendSMS: 'Text message', jotformCall: 'Form call' };

export const statusLabels: Record<WorkflowStatus, string> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  DISABLED: 'Disabled',
  DISABLING: 'Disabling',
  MANUAL: 'Manual',
  INACTIVE: 'Inactive',
};

export const itemStatusLabels: Record<WorkflowItemStatus, string> = {
  RUNNING: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  TIMED_OUT: 'Timed out',
  ABORTED: 'Aborted',
};

const statusDots: Record<WorkflowStatus | WorkflowItemStatus, string> = {
  ACTIVE: 'bg-green-600',
  RUNNING: 'bg-brand-600',
  SUCCEEDED: 'bg-green-600',
  PAUSED: 'bg-amber-500',
  MANUAL: 'bg-sky-600',
  INACTIVE: 'bg-slate-400',
  DISABLING: 'bg-red-400',
  DISABLED: 'bg-red-600',
  FAILED: 'bg-red-600',
  TIMED_OUT: 'bg-amber-600',
  ABORTED: 'bg-slate-500',
};

/** A status in words, with a dot that does not rely on colour alone. */
export function StatusBadge({ status }: { status: WorkflowStatus | WorkflowItemStatus }) {
  const label = status in statusLabels ? statusLabels[status as WorkflowStatus] : itemStatusLabels[status as WorkflowItemStatus];
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden="true" className={cn('h-2 w-2 shrink-0 rounded-full', statusDots[status])} />
      {label}
    </span>
  );
}

/** The words of the action that sets a workflow to a status (a coordinator pauses, resumes, disables…). */
export function transitionLabel(from: WorkflowStatus, to: WorkflowStatus): string {
  switch (to) {
    case 'ACTIVE':
      return from === 'PAUSED' ? 'Resume' : 'Activate';
    case 'PAUSED':
      return 'Pause';
    case 'DISABLED':
      return 'Disable';
    case 'MANUAL':
      return 'Set manual';
    case 'INACTIVE':
      return 'Set inactive';
    case 'DISABLING':
      return 'Disable';
  }
}

const unitWords: Record<DelayUnit, [string, string]> = { hours: ['hour', 'hours'], days: ['day', 'days'] };

/** "after 2 days", "at once". */
export function delayText(task: Pick<WorkflowTask, 'delay'>): string {
  const { amount, unit } = task.delay;
  if (amount === 0) return 'at once';
  return `after ${amount} ${unitWords[unit][amount === 1 ? 0 : 1]}`;
}

/** The tasks in order, in words: "Text message → Outbound call". */
export const tasksSummary = (tasks: readonly WorkflowTask[]) => tasks.map((task) => taskLabels[task.name]).join(' → ');

/** "3 running, 2 succeeded", the statuses with items only; "No items" without any. */
export function itemCountsText(counts: Workflow['itemCounts']): string {
  const parts = workflowItemStatuses.filter((status) => (counts[status] ?? 0) > 0).map((status) => `${counts[status]} ${itemStatusLabels[status].toLowerCase()}`);
  return parts.length > 0 ? parts.join(', ') : 'No items';
}

/** How each event of an item's timeline reads. */
export const eventLabels: Record<ItemEventKind, string> = {
  added: 'Added',
  scheduled: 'Scheduled',
  held: 'Held back',
  started: 'Started',
  sent: 'Sent to the carrier',
  outcome: 'Outcome',
  retrying: 'Retrying',
  succeeded: 'Succeeded',
  failed: 'Failed',
  timed_out: 'Timed out',
  aborted: 'Aborted',
  retried: 'Retried',
  resumed: 'Resumed',
};
