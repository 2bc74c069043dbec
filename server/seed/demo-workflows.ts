/**
 * Demo task workflows (issue 43): a reminder call; a text, then a call two days later; a form call
 * run by hand. Each with items in every status and the timeline that led there, as the runner
 * writes it. Items still running wait for a task due later (their jobs queued for then), so the
 * demo sends nothing at start. No System log entries, like the demo's chats: Home's recent changes
 * stay the seed's own.
 */
import type { GeneralInfo, ItemEventKind, WorkflowItemStatus, WorkflowStatus, WorkflowTask } from '../../domain/workflows.ts';
import type { Tx } from '../db/client.ts';
import { taskWorkflowItemEvents, taskWorkflowItems, taskWorkflows } from '../db/schema/index.ts';
import { enqueueItems } from '../workflows/queue.ts';
import type { DemoSeed } from '../area.ts';
import { platformNumberOf } from '../telephony/practice-settings.ts';

const hour = 3_600_000;
const day = 24 * hour;

type DemoWorkflow = { title: string; description: string; status: WorkflowStatus; tasks: WorkflowTask[] };

const workflows: DemoWorkflow[] = [
  {
    title: 'Annual check-up reminder call',
    description: 'Calls patients due for their annual check-up so they can book it.',
    status: 'ACTIVE',
    tasks: [{ name: 'outboundCall', delay: { amount: 0, unit: 'days' }, variables: {} }],
  },
  {
    title: 'Flu shot: a text, then a call two days later',
    description: 'Tells patients flu shots are ready, then calls those still to come in.',
    status: 'ACTIVE',
    tasks: [
      { name: 'sendSMS', delay: { amount: 0, unit: 'days' }, variables: { text: 'Hello {{patientName}}, flu shots are ready at the practice: walk in Tuesday or Thursday, 9 to 12. Reply STOP to opt out.' } },
      { name: 'outboundCall', delay: { amount: 2, unit: 'days' }, variables: {} },
    ],
  },
  {
    title: 'Open balance form call',
    description: 'A form call about an open balance, started by hand for each patient.',
    status: 'MANUAL',
    tasks: [{ name: 'jotformCall', delay: { amount: 0, unit: 'days' }, variables: {}, jotformQueueId: 'JotForms.fifo' }],
  },
];

type DemoItem = { name: string; status: WorkflowItemStatus; ageHours: number; balance?: number };

const patients: DemoItem[][] = [
  [
    { name: 'Evelyn Parker', status: 'SUCCEEDED', ageHours: 50 },
    { name: 'Marcus Bell', status: 'SUCCEEDED', ageHours: 49 },
    { name: 'Irene Watts', status: 'FAILED', ageHours: 48 },
    { name: 'Tomás Rivera', status: 'TIMED_OUT', ageHours: 30 },
    { name: 'Helen Brooks', status: 'ABORTED', ageHours: 26 },
  ],
  [
    { name: 'George Kim', status: 'SUCCEEDED', ageHours: 80 },
    { name: 'Nora Fields', status: 'RUNNING', ageHours: 20 },
    { name: 'Owen Price', status: 'RUNNING', ageHours: 10 },
    { name: 'Ruth Alvarez', status: 'FAILED', ageHours: 60 },
    { name: 'Samuel Ortiz', status: 'ABORTED', ageHours: 70 },
  ],
  [
    { name: 'Clara Jensen', status: 'SUCCEEDED', ageHours: 5, balance: 240.5 },
    { name: 'Victor Chen', status: 'RUNNING', ageHours: 3, balance: 89 },
    { name: 'Paula Moss', status: 'TIMED_OUT', ageHours: 8, balance: 1200 },
  ],
];

/** What each status's timeline says, task by task (the failure's words are the runner's). */
function timeline(tasks: WorkflowTask[], status: WorkflowItemStatus, from: string): { kind: ItemEventKind; task: number | null; detail: string; afterMs: number }[] {
  const sent = (task: number) => ({ kind: 'sent' as const, task, detail: `${tasks[task]!.name === 'sendSMS' ? 'Text' : tasks[task]!.name === 'jotformCall' ? 'Form call' : 'Call'} 1 of 3 to the patient from ${from}`, afterMs: task * 2 * day + 60_000 });
  const done = (task: number) => ({ kind: 'outcome' as const, task, detail: tasks[task]!.name === 'sendSMS' ? 'Delivered' : 'Answered', afterMs: task * 2 * day + 5 * 60_000 });
  const added = { kind: 'added' as const, task: 0, detail: 'Added', afterMs: 0 };
  switch (status) {
    case 'SUCCEEDED':
      return [added, ...tasks.flatMap((_, i) => [sent(i), done(i)]), { kind: 'succeeded', task: null, detail: 'Every task done', afterMs: (tasks.length - 1) * 2 * day + 6 * 60_000 }];
    case 'FAILED':
      return [
        added,
        sent(0),
        { kind: 'outcome', task: 0, detail: 'The carrier said: no answer', afterMs: 2 * 60_000 },
        { kind: 'failed', task: 0, detail: `The ${tasks[0]!.name === 'sendSMS' ? 'text message' : 'call'} failed 3 times: The carrier said: no answer`, afterMs: 3 * 60_000 },
      ];
    case 'TIMED_OUT':
      return [added, sent(0), { kind: 'timed_out', task: 0, detail: 'The carrier did not settle the call within 15 minutes', afterMs: 16 * 60_000 }];
    case 'ABORTED':
      return [added, { kind: 'aborted', task: 0, detail: 'Aborted by hand', afterMs: hour }];
    case 'RUNNING':
      return tasks.length > 1 ? [added, sent(0), done(0), { kind: 'scheduled', task: 1, detail: 'Due in two days', afterMs: 6 * 60_000 }] : [added];
  }
}

export async function insertDemoWorkflows(tx: Tx, accountId: string, key: string, creator: string, callingNumber: string, now = Date.now()): Promise<void> {
  for (const [index, workflow] of workflows.entries()) {
    const created = new Date(now - 5 * day + index * hour);
    const [row] = await tx
      .insert(taskWorkflows)
      .values({ accountId, ...workflow, createdBy: creator, modifiedBy: creator, createdTimestamp: created, modifiedTimestamp: created })
      .returning({ id: taskWorkflows.id });
    for (const [n, patient] of patients[index]!.entries()) {
      const phone = `+1503555${String(1100 + index * 20 + n).padStart(4, '0')}`;
      const at = new Date(now - patient.ageHours * hour);
      const generalInfo: GeneralInfo = {
        patientName: patient.name,
        phone: `(503) 555-${String(1100 + index * 20 + n).padStart(4, '0')}`,
        mrn: `${key.slice(0, 2).toUpperCase()}-${40_100 + index * 20 + n}`,
        dob: `19${50 + ((index * 7 + n * 3) % 45)}-0${1 + (n % 9)}-1${n % 9}`,
        email: null,
        address: `${100 + n * 12} Alder St, Portland, OR 97205`,
        balance: patient.balance ?? null,
        payerClassA: n % 2 === 0 ? 'Medicare' : 'Commercial',
        maximumDiscount: patient.balance ? 15 : null,
      };
      const running = patient.status === 'RUNNING';
      const manualWaiting = running && workflow.status === 'MANUAL';
      const currentTask = patient.status === 'SUCCEEDED' ? null : running && workflow.tasks.length > 1 ? 1 : 0;
      const nextAttemptAt = running && !manualWaiting ? new Date(at.getTime() + (workflow.tasks.length > 1 ? 2 * day : 2 * hour) + 24 * hour) : null;
      const [item] = await tx
        .insert(taskWorkflowItems)
        .values({
          accountId,
          workflowId: row!.id,
          status: patient.status,
          currentTask,
          tasks: workflow.tasks,
          source: n % 3 === 0 ? 'csv' : 'manual',
          generalInfo,
          patientName: patient.name,
          phone,
          mrn: generalInfo.mrn,
          dob: generalInfo.dob,
          nextAttemptAt,
          heldReason: manualWaiting ? 'Waits to be started by hand' : null,
          createdBy: creator,
          modifiedBy: creator,
          createdTimestamp: at,
          modifiedTimestamp: at,
        })
        .returning({ id: taskWorkflowItems.id });
      await tx.insert(taskWorkflowItemEvents).values(
        timeline(workflow.tasks, patient.status, callingNumber).map((step) => ({
          accountId,
          itemId: item!.id,
          at: new Date(Math.min(at.getTime() + step.afterMs, now - 60_000)),
          taskIndex: step.task,
          kind: step.kind,
          detail: step.detail,
        })),
      );
      if (nextAttemptAt) await enqueueItems(tx, [{ accountId, itemId: item!.id, runAt: nextAttemptAt }]);
    }
  }
}

/** The seed step: task workflows in the demo practice (Riverside), with items in every status. */
export async function seedDemoWorkflows({ tx, accounts }: DemoSeed) {
  const riverside = accounts.riverside.id;
  await insertDemoWorkflows(tx, riverside, 'riverside', 'Maria Lopez', (await platformNumberOf(tx, riverside)) ?? '+15035550100');
}
