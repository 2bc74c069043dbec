/**
 * Task workflows (spec §2 "Workflows", §3, §4, §5, §9; issue 43): a practice's outreach, an ordered
 * list of tasks (a call, a text, a form call), each after a delay, that the platform works through
 * for every item (a patient) loaded into it.
 */
import * as v from 'valibot';
import { usPhonePattern } from './contact-points.ts';
import { objectWith } from './catalogue.ts';
import { version } from './records.ts';

export const taskNames = ['outboundCall', 'sendSMS', 'jotformCall'] as const;
export type TaskName = (typeof taskNames)[number];

export const delayUnits = ['hours', 'days'] as const;
export type DelayUnit = (typeof delayUnits)[number];

/** Spec §9: the one queue a form call can use. */
export const jotformQueues = ['JotForms.fifo'] as const;
export const defaultJotformQueue = jotformQueues[0];

/** Spec §4. */
export const workflowStatuses = ['ACTIVE', 'PAUSED', 'DISABLED', 'DISABLING', 'MANUAL', 'INACTIVE'] as const;
export type WorkflowStatus = (typeof workflowStatuses)[number];

/** Spec §4. */
export const workflowItemStatuses = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;
export type WorkflowItemStatus = (typeof workflowItemStatuses)[number];

/** What an item carries (spec §3 generalInfo), and the patient's phone: the names a task's text may use as `{{name}}`. */
export const generalInfoFields = ['mrn', 'dob', 'email', 'address', 'balance', 'patientName', 'payerClassA', 'maximumDiscount'] as const;
export const templateVariables = [...generalInfoFields, 'phone'] as const;

/** The statuses a coordinator may set, from each status (DISABLING is the runner's: on its way to DISABLED). */
export const workflowTransitions: Readonly<Record<WorkflowStatus, readonly WorkflowStatus[]>> = {
  ACTIVE: ['PAUSED', 'DISABLED', 'MANUAL', 'INACTIVE'],
  PAUSED: ['ACTIVE', 'DISABLED', 'MANUAL', 'INACTIVE'],
  MANUAL: ['ACTIVE', 'PAUSED', 'DISABLED', 'INACTIVE'],
  INACTIVE: ['ACTIVE', 'PAUSED', 'MANUAL', 'DISABLED'],
  DISABLING: [],
  DISABLED: ['ACTIVE', 'INACTIVE'],
};

/** A new workflow's statuses: it runs (ACTIVE), waits to be started (INACTIVE, PAUSED) or runs only by hand (MANUAL). */
export const createStatuses = ['ACTIVE', 'PAUSED', 'MANUAL', 'INACTIVE'] as const;

export const workflowMessages = {
  /** Spec §5, word for word. */
  titleRequired: 'Title required',
  descriptionRequired: 'description required',
  atLeastOneTask: 'your workflow must have at least one task',
  smsText: 'you must specify the text message you wish to send',
  /** Spec §5 gives the rule (a US 10-digit number), not the words. */
  phoneInvalid: 'Phone number must be a US number of 10 digits, for example (555) 123-4567',
  taskName: 'Task must be an outbound call, a text message or a form call',
  delayAmount: 'Delay must be a whole number from 0 to 365',
  delayUnit: 'Delay unit must be hours or days',
  jotformQueue: `Queue must be ${jotformQueues.join(' or ')}`,
  titleTooLong: 'Title must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  textTooLong: 'Text must be at most 1600 characters',
  tooManyTasks: 'A workflow has at most 20 tasks',
  status: `Status must be one of ${workflowStatuses.join(', ')}`,
  createStatus: `A new workflow's status must be one of ${createStatuses.join(', ')}`,
  unknownVariable: (name: string) => `{{${name}}} is not an item field: use ${templateVariables.map((field) => `{{${field}}}`).join(', ')}`,
  transition: (from: WorkflowStatus, to: WorkflowStatus) => `A workflow that is ${from} cannot be set to ${to}`,
} as const;

/** The `{{name}}` placeholders of a text, each once, in order. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^{}\s]*)\s*\}\}/g)].map((match) => match[1]!))];
}

const trimmed = (required: string, max: number, tooLong: string) => v.pipe(v.string(required), v.trim(), v.minLength(1, required), v.maxLength(max, tooLong));
const phone = v.pipe(v.string(workflowMessages.phoneInvalid), v.trim(), v.maxLength(40, workflowMessages.phoneInvalid), v.regex(usPhonePattern, workflowMessages.phoneInvalid));

/** The text of a text message: at least 10 characters (spec §5, §9), only item fields as placeholders. */
const smsText = v.pipe(
  v.string(workflowMessages.smsText),
  v.trim(),
  v.minLength(10, workflowMessages.smsText),
  v.maxLength(1600, workflowMessages.textTooLong),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const unknown = placeholdersIn(dataset.value).find((name) => !(templateVariables as readonly string[]).includes(name));
    if (unknown !== undefined) addIssue({ message: workflowMessages.unknownVariable(unknown) });
  }),
);

/** The delay before a task, after the one before it (or after the item is added): spec §9, 0 days by default. */
const delaySchema = v.optional(
  v.object({
    amount: v.optional(v.pipe(v.number(workflowMessages.delayAmount), v.integer(workflowMessages.delayAmount), v.minValue(0, workflowMessages.delayAmount), v.maxValue(365, workflowMessages.delayAmount)), 0),
    unit: v.optional(v.picklist(delayUnits, workflowMessages.delayUnit), 'days'),
  }),
  { amount: 0, unit: 'days' },
);

/**
 * A task (spec §3: name, delay amount and unit, variables, jotformQueueId). A call's and a text's
 * numbers are optional: without a source the practice's calling number is used (Telephony
 * settings), without a destination the item's phone.
 */
export const taskSchema = v.variant(
  'name',
  [
    v.object({
      name: v.literal('outboundCall'),
      delay: delaySchema,
      variables: v.optional(v.object({ sourceNumber: v.optional(phone), destinationNumber: v.optional(phone) }), {}),
    }),
    objectWith(
      {
        name: v.literal('sendSMS'),
        delay: delaySchema,
        variables: objectWith({ text: smsText, sourceNumber: v.optional(phone), destinationNumber: v.optional(phone) }, { text: workflowMessages.smsText }),
      },
      { variables: workflowMessages.smsText },
    ),
    v.object({
      name: v.literal('jotformCall'),
      delay: delaySchema,
      variables: v.optional(v.object({}), {}),
      jotformQueueId: v.optional(v.picklist(jotformQueues, workflowMessages.jotformQueue), defaultJotformQueue),
    }),
  ],
  workflowMessages.taskName,
);

export type WorkflowTask = v.InferOutput<typeof taskSchema>;

const tasksSchema = v.pipe(v.array(taskSchema, workflowMessages.atLeastOneTask), v.minLength(1, workflowMessages.atLeastOneTask), v.maxLength(20, workflowMessages.tooManyTasks));

/** `POST` a workflow (spec §3 Task workflow: title, description, tasks). */
export const workflowCreateSchema = objectWith(
  {
    title: trimmed(workflowMessages.titleRequired, 200, workflowMessages.titleTooLong),
    description: trimmed(workflowMessages.descriptionRequired, 2000, workflowMessages.descriptionTooLong),
    tasks: tasksSchema,
    status: v.optional(v.picklist(createStatuses, workflowMessages.createStatus), 'ACTIVE'),
  },
  { title: workflowMessages.titleRequired, description: workflowMessages.descriptionRequired, tasks: workflowMessages.atLeastOneTask },
);

/** `PATCH` a workflow: what it sends, and the version it edits (spec §4: a status change is a PATCH of `status`). */
export const workflowPatchSchema = v.object({
  // Optional (issue 44): without it the change applies to the current version.
  version: v.optional(version),
  title: v.optional(trimmed(workflowMessages.titleRequired, 200, workflowMessages.titleTooLong)),
  description: v.optional(trimmed(workflowMessages.descriptionRequired, 2000, workflowMessages.descriptionTooLong)),
  tasks: v.optional(tasksSchema),
  status: v.optional(v.picklist(workflowStatuses, workflowMessages.status)),
});

export type WorkflowCreate = v.InferOutput<typeof workflowCreateSchema>;
export type WorkflowPatch = v.InferOutput<typeof workflowPatchSchema>;

/** A workflow as the API answers it (spec §3, with the common fields and the count of its items by status). */
export type Workflow = {
  id: string;
  accountId: string;
  title: string;
  description: string;
  status: WorkflowStatus;
  tasks: WorkflowTask[];
  itemCounts: Record<WorkflowItemStatus, number>;
  createdTimestamp: string;
  modifiedTimestamp: string;
  createdBy: string;
  modifiedBy: string;
  version: number;
};
