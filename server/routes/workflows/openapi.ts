import * as v from 'valibot';
import {
  itemEventKinds,
  itemSources,
  taskSchema,
  workflowItemStatuses,
  workflowStatuses,
  type Workflow,
  type WorkflowItem,
  type WorkflowItemBatchResult,
  type WorkflowItemDetail,
  type WorkflowPeople,
} from '../../../domain/workflows.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { recordTagsAnswer } from '../tags/openapi.ts';
import { answerOf, commonFields, dateTime, example, exampleCommon, pageFields, uuid } from '../../openapi/schemas.ts';

/** Task workflows and their items (server/routes/workflows/): their answers, with examples. */

const counts = v.object(Object.fromEntries(workflowItemStatuses.map((status) => [status, v.number()])) as Record<(typeof workflowItemStatuses)[number], v.NumberSchema<undefined>>);

const workflowAnswer = answerOf<Workflow>()(
  v.object({
    resourceType: v.literal('Workflow'),
    ...commonFields,
    title: v.string(),
    description: v.string(),
    status: v.picklist(workflowStatuses),
    tasks: v.array(taskSchema),
    tags: recordTagsAnswer,
    itemCounts: v.pipe(counts, v.description("The workflow's items by status.")),
  }),
);

const generalInfo = v.object({
  patientName: v.string(),
  phone: v.string(),
  mrn: v.nullable(v.string()),
  dob: v.nullable(v.string()),
  email: v.nullable(v.string()),
  address: v.nullable(v.string()),
  balance: v.nullable(v.number()),
  payerClassA: v.nullable(v.string()),
  maximumDiscount: v.nullable(v.number()),
});

const itemEntries = {
  resourceType: v.literal('WorkflowItem'),
  ...commonFields,
  taskWorkflowId: uuid,
  status: v.picklist(workflowItemStatuses),
  currentTask: v.pipe(v.nullable(v.number()), v.description('The index of the next task to run; null once the item ended.')),
  tasks: v.array(taskSchema),
  source: v.picklist(itemSources),
  generalInfo,
  personId: v.nullable(uuid),
  nextAttemptAt: v.nullable(dateTime),
  heldReason: v.pipe(v.nullable(v.string()), v.description('Why it waits (calling hours, a cap, the opt-out list…), if it does.')),
};

const itemAnswer = answerOf<WorkflowItem>()(v.object(itemEntries));
const itemDetailAnswer = answerOf<WorkflowItemDetail>()(
  v.object({
    ...itemEntries,
    events: v.array(v.object({ id: v.string(), at: dateTime, taskIndex: v.nullable(v.number()), kind: v.picklist(itemEventKinds), detail: v.string(), interactionId: v.nullable(uuid) })),
  }),
);

const batchAnswer = answerOf<WorkflowItemBatchResult>()(
  v.object({
    created: v.number(),
    skipped: v.pipe(v.number(), v.description('Same MRN and date of birth already in the workflow (or earlier in the batch).')),
    refused: v.array(v.object({ row: v.number(), field: v.string(), message: v.string() })),
  }),
);

const changedAnswer = v.object({ changed: v.pipe(v.number(), v.description('How many items it changed.')) });

const tasks: Workflow['tasks'] = [
  { name: 'sendSMS', delay: { amount: 0, unit: 'hours' }, variables: { text: 'Hello {{patientName}}, your balance is {{balance}}.' } },
  { name: 'outboundCall', delay: { amount: 1, unit: 'days' }, variables: {} },
];

const workflow: Workflow = {
  resourceType: 'Workflow',
  ...exampleCommon(),
  title: 'Balance reminders',
  description: 'A text, then a call the next day.',
  status: 'ACTIVE',
  tasks,
  tags: [{ id: example.otherId, key: 'campaign', value: 'balances-2026' }],
  itemCounts: { RUNNING: 3, SUCCEEDED: 10, FAILED: 1, TIMED_OUT: 0, ABORTED: 0 },
};

const info = { patientName: 'Jane Doe', phone: '(555) 123-4567', mrn: 'MRN-0042', dob: '1984-05-02', email: null, address: null, balance: 125.5, payerClassA: null, maximumDiscount: null };

const item: WorkflowItem = {
  resourceType: 'WorkflowItem',
  ...exampleCommon(example.otherId),
  taskWorkflowId: example.id,
  status: 'RUNNING',
  currentTask: 0,
  tasks,
  source: 'api',
  generalInfo: info,
  personId: null,
  nextAttemptAt: example.later,
  heldReason: null,
};

const peopleAnswer = answerOf<WorkflowPeople>()(
  v.object({
    items: v.array(
      v.object({
        id: uuid,
        name: v.string(),
        phones: v.pipe(
          v.array(v.object({ contactPointId: uuid, name: v.string(), system: v.picklist(['PHONE', 'SMS']), value: v.pipe(v.string(), v.description('A US number, as typed or in E.164.')) })),
          v.description('The person’s US phone and SMS numbers: what a workflow item calls and texts.'),
        ),
      }),
    ),
  }),
);

export const workflowDocs = areaDocs({
  'GET /task-workflows/people': {
    summary: 'The persons “Start workflow” offers: those with a US number to call and text (at most 20, by name)',
    answer: peopleAnswer,
    queryExample: { q: 'doe' },
    answerExample: { items: [{ id: example.id, name: 'Jane Doe', phones: [{ contactPointId: example.otherId, name: 'Mobile', system: 'SMS', value: '(555) 123-4567' }] }] },
  },
  'GET /task-workflows/workflows': { summary: 'List task workflows', answer: answerOf<{ items: Workflow[] }>()(v.object({ items: v.array(workflowAnswer) })), answerExample: { items: [workflow] } },
  'POST /task-workflows/workflows': {
    summary: 'Create a task workflow',
    status: 201,
    answer: workflowAnswer,
    requestExample: { title: 'Balance reminders', description: 'A text, then a call the next day.', tasks, tags: [{ key: 'campaign', value: 'balances-2026' }] },
    answerExample: workflow,
  },
  'GET /task-workflows/workflows/:id': { summary: 'Read a task workflow', answer: workflowAnswer, answerExample: workflow },
  'PATCH /task-workflows/workflows/:id': {
    summary: 'Update a task workflow (a status change is a PATCH of `status`)',
    answer: workflowAnswer,
    requestExample: { version: 1, status: 'PAUSED' },
    answerExample: { ...workflow, ...exampleCommon(example.id, 2), status: 'PAUSED' },
  },
  'GET /task-workflows/workflows/:id/items': {
    summary: "A workflow's items",
    answer: v.object({ ...pageFields, items: v.array(itemAnswer) }),
    queryExample: { limit: '20', status: 'RUNNING', sort: 'created', order: 'desc' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [item] },
  },
  'GET /task-workflows/workflows/:id/items/keys': {
    summary: "The MRN and date of birth of a workflow's items (to skip duplicates before an import)",
    answer: v.object({ total: v.number(), items: v.array(v.object({ mrn: v.string(), dob: v.string() })) }),
    answerExample: { total: 1, items: [{ mrn: 'MRN-0042', dob: '1984-05-02' }] },
  },
  'POST /task-workflows/workflows/:id/items': {
    summary: 'Add an item to a workflow',
    description: 'An item with the MRN and date of birth of one already there is refused with 409.',
    status: 201,
    answer: itemAnswer,
    requestExample: { generalInfo: { patientName: 'Jane Doe', phone: '(555) 123-4567', mrn: 'MRN-0042', dob: '1984-05-02', balance: 125.5 } },
    answerExample: item,
  },
  'POST /task-workflows/workflows/:id/items/batch': {
    summary: 'Add up to 1,000 items at once',
    description: 'Each item is checked on its own; a refused one is reported with its row and does not stop the others.',
    status: 201,
    answer: batchAnswer,
    requestExample: { items: [{ generalInfo: { patientName: 'Jane Doe', phone: '(555) 123-4567', mrn: 'MRN-0042', dob: '1984-05-02' } }], source: 'api' },
    answerExample: { created: 1, skipped: 0, refused: [] },
  },
  'POST /task-workflows/workflows/:id/items/abort': { summary: 'Abort every running item matching a filter', answer: changedAnswer, requestExample: { status: 'RUNNING', q: 'doe' }, answerExample: { changed: 3 } },
  'POST /task-workflows/workflows/:id/items/retry': { summary: 'Retry every ended item matching a filter', answer: changedAnswer, requestExample: { status: 'FAILED' }, answerExample: { changed: 1 } },
  'GET /task-workflows/items/:itemId': {
    summary: 'Read an item, with its timeline',
    answer: itemDetailAnswer,
    answerExample: { ...item, events: [{ id: '1', at: example.time, taskIndex: null, kind: 'added', detail: 'Added through the API', interactionId: null }] },
  },
  'POST /task-workflows/items/:itemId/abort': { summary: 'Abort a running item', answer: itemAnswer, answerExample: { ...item, ...exampleCommon(example.otherId, 2), status: 'ABORTED', currentTask: null, nextAttemptAt: null } },
  'POST /task-workflows/items/:itemId/start': { summary: "Start a manual workflow's item now", answer: itemAnswer, answerExample: { ...item, ...exampleCommon(example.otherId, 2), nextAttemptAt: example.time } },
  'POST /task-workflows/items/:itemId/retry': { summary: 'Retry an ended item', answer: itemAnswer, answerExample: { ...item, ...exampleCommon(example.otherId, 3) } },
});
