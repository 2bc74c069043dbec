/**
 * Task workflows (spec §2 "Workflows", §3, §4, §5, §9; issue 43): a practice's outreach, an ordered
 * list of tasks (a call, a text, a form call), each after a delay, that the platform works through
 * for every item (a patient) loaded into it.
 */
import * as v from 'valibot';
import { e164, usPhonePattern } from './contact-points.ts';
import { objectWith } from './catalogue.ts';
import { messages } from './messages.ts';
import { expectedVersion, isoDate } from './records.ts';
import { optionalText, requiredText } from './text.ts';
import { recordTagsField, type RecordTag } from './tags.ts';

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
    tags: v.optional(recordTagsField, () => []),
  },
  { title: workflowMessages.titleRequired, description: workflowMessages.descriptionRequired, tasks: workflowMessages.atLeastOneTask },
);

/** `PATCH` a workflow: what it sends, and the version it edits (spec §4: a status change is a PATCH of `status`). */
export const workflowPatchSchema = v.object({
  // Optional (issue 44): without it the change applies to the current version.
  version: expectedVersion,
  title: v.optional(trimmed(workflowMessages.titleRequired, 200, workflowMessages.titleTooLong)),
  description: v.optional(trimmed(workflowMessages.descriptionRequired, 2000, workflowMessages.descriptionTooLong)),
  tasks: v.optional(tasksSchema),
  status: v.optional(v.picklist(workflowStatuses, workflowMessages.status)),
  tags: v.optional(recordTagsField),
});

export type WorkflowCreate = v.InferOutput<typeof workflowCreateSchema>;
export type WorkflowPatch = v.InferOutput<typeof workflowPatchSchema>;

/** A workflow as the API answers it (spec §3, with the common fields and the count of its items by status). */
export type Workflow = {
  resourceType: 'Workflow';
  id: string;
  accountId: string;
  title: string;
  description: string;
  status: WorkflowStatus;
  tasks: WorkflowTask[];
  /** Spec §3's tags: the workflow's `/tag` records (type 'Workflow'), by key and value; a create or PATCH sending them sets them. */
  tags: RecordTag[];
  itemCounts: Record<WorkflowItemStatus, number>;
  createdTimestamp: string;
  modifiedTimestamp: string;
  createdBy: string;
  modifiedBy: string;
  version: number;
};

/** Where an item came from: added on the workflow's page, a CSV file, the API, the palette's "Start workflow". */
export const itemSources = ['manual', 'csv', 'api', 'palette'] as const;
export type ItemSource = (typeof itemSources)[number];

export const itemMessages = {
  patientNameRequired: 'Patient name is required',
  phoneRequired: 'Phone is required: the number the tasks call or text',
  phoneInvalid: workflowMessages.phoneInvalid,
  balance: 'Balance must be an amount, for example 125.50',
  maximumDiscount: 'Maximum discount must be a percentage from 0 to 100',
  source: `Source must be one of ${itemSources.join(', ')}`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  batchEmpty: 'Send at least one item',
  batchTooLarge: 'Send at most 1000 items in one batch',
  notRunning: 'Only a running item can be aborted',
  notEnded: 'Only an item that failed, timed out or was aborted can be retried',
  notWaiting: 'Only an item of a manual workflow that waits to be started can be started by hand',
  workflowEnded: 'This workflow is disabled: activate it before adding or retrying items',
} as const;

/** A number typed or sent as text (a CSV's cell): '125.50', '$1,200' and 125.5 are the same. */
const amount = (message: string, min: number, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.transform((s) => (s === '' ? null : Number(s.replace(/^\$|,/g, '')))))], message),
        v.check((n) => n === null || (Number.isFinite(n) && n >= min && n <= max), message),
      ),
    ),
    null,
  );

/**
 * An item's generalInfo (spec §3: mrn, dob, email, address, balance, patientName, payerClassA,
 * maximumDiscount) and the patient's phone, which the tasks call and text. The phone is kept as
 * typed and checked as spec §5's US 10-digit number.
 */
export const generalInfoSchema = objectWith(
  {
    patientName: requiredText(200, itemMessages.patientNameRequired, itemMessages.tooLong('Patient name', 200)),
    phone: v.pipe(v.string(itemMessages.phoneRequired), v.trim(), v.nonEmpty(itemMessages.phoneRequired), v.maxLength(40, itemMessages.phoneInvalid), v.regex(usPhonePattern, itemMessages.phoneInvalid)),
    mrn: optionalText(64, itemMessages.tooLong('MRN', 64)),
    dob: v.optional(v.nullable(v.union([v.literal(''), isoDate], messages.dateInvalid)), null),
    email: v.optional(
      v.nullable(v.pipe(v.string(messages.emailInvalid), v.trim(), v.maxLength(254, messages.emailInvalid), v.union([v.literal(''), v.pipe(v.string(), v.email(messages.emailInvalid))], messages.emailInvalid))),
      null,
    ),
    address: optionalText(500, itemMessages.tooLong('Address', 500)),
    balance: amount(itemMessages.balance, -1e9, 1e9),
    payerClassA: optionalText(100, itemMessages.tooLong('Payer class A', 100)),
    maximumDiscount: amount(itemMessages.maximumDiscount, 0, 100),
  },
  { patientName: itemMessages.patientNameRequired, phone: itemMessages.phoneRequired },
);

export type GeneralInfo = {
  patientName: string;
  phone: string;
  mrn: string | null;
  dob: string | null;
  email: string | null;
  address: string | null;
  balance: number | null;
  payerClassA: string | null;
  maximumDiscount: number | null;
};

/** generalInfo as validated: empty strings are null. */
export const cleanGeneralInfo = (info: v.InferOutput<typeof generalInfoSchema>): GeneralInfo => ({
  patientName: info.patientName,
  phone: info.phone,
  mrn: info.mrn ?? null,
  dob: info.dob || null,
  email: info.email || null,
  address: info.address ?? null,
  balance: info.balance ?? null,
  payerClassA: info.payerClassA ?? null,
  maximumDiscount: info.maximumDiscount ?? null,
});

/** The patient's phone in E.164, the key of the caps and the opt-out list. */
export const itemPhone = (info: Pick<GeneralInfo, 'phone'>): string => e164(info.phone) ?? info.phone;

/** `POST` an item (spec §3 Workflow item: generalInfo, source; the rest is the runner's). */
export const workflowItemCreateSchema = objectWith(
  {
    generalInfo: generalInfoSchema,
    source: v.optional(v.picklist(itemSources, itemMessages.source), 'api'),
    /** The person the item is about, when started from a person (the palette's "Start workflow"). */
    personId: v.optional(v.nullable(v.pipe(v.string('Person must be a record id'), v.uuid('Person must be a record id')))),
  },
  { generalInfo: itemMessages.patientNameRequired },
);
export type WorkflowItemCreate = v.InferInput<typeof workflowItemCreateSchema>;

/** A person "Start workflow" offers (`GET /task-workflows/people`): one with a US number to call and text. */
export type WorkflowPerson = {
  id: string;
  name: string;
  phones: { contactPointId: string; name: string; system: 'PHONE' | 'SMS'; value: string }[];
};

/** `GET /task-workflows/people`: by name, at most 20. */
export type WorkflowPeople = { items: WorkflowPerson[] };

/** The most items one batchCreate takes (issue 43: CSV rows are sent in batches of at most 1,000). */
export const maxBatchItems = 1000;

/**
 * `batchCreate` (spec §7): items checked one by one, each row's refusal reported with its number;
 * `rowOffset` numbers a batch's rows within the whole file (a CSV's row 1001 is the second batch's first).
 */
export const workflowItemBatchSchema = v.object({
  items: v.pipe(v.array(v.unknown(), itemMessages.batchEmpty), v.minLength(1, itemMessages.batchEmpty), v.maxLength(maxBatchItems, itemMessages.batchTooLarge)),
  source: v.optional(v.picklist(itemSources, itemMessages.source), 'api'),
  rowOffset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000)), 0),
});

/** What a batch did: counts of what was written, never of what was read. */
export type WorkflowItemBatchResult = {
  created: number;
  /** Same MRN and date of birth already in the workflow (or earlier in the batch). */
  skipped: number;
  refused: { row: number; field: string; message: string }[];
};

/** Filter for bulk abort and retry: every item matching it (the list's own filters). */
export const itemFilterSchema = v.object({
  status: v.optional(v.picklist(workflowItemStatuses, `Status must be one of ${workflowItemStatuses.join(', ')}`)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, messages.filterTooLong))),
});

/** What happened to an item, in order: its timeline (issue 43). */
export const itemEventKinds = ['added', 'scheduled', 'held', 'started', 'sent', 'outcome', 'retrying', 'succeeded', 'failed', 'timed_out', 'aborted', 'retried', 'resumed'] as const;
export type ItemEventKind = (typeof itemEventKinds)[number];

export type WorkflowItemEvent = {
  id: string;
  at: string;
  taskIndex: number | null;
  kind: ItemEventKind;
  detail: string;
  interactionId: string | null;
};

/** A workflow item (spec §3), with when it next acts and why it waits, if it does. */
export type WorkflowItem = {
  resourceType: 'WorkflowItem';
  id: string;
  accountId: string;
  taskWorkflowId: string;
  status: WorkflowItemStatus;
  /** The index of the task it is on (the next to run); null once it ended. */
  currentTask: number | null;
  tasks: WorkflowTask[];
  source: ItemSource;
  generalInfo: GeneralInfo;
  personId: string | null;
  nextAttemptAt: string | null;
  heldReason: string | null;
  createdTimestamp: string;
  modifiedTimestamp: string;
  createdBy: string;
  modifiedBy: string;
  version: number;
};

export type WorkflowItemDetail = WorkflowItem & { events: WorkflowItemEvent[] };

/** The item list's sort columns. */
export const itemSortColumns = ['created', 'patientName', 'status', 'nextAttempt'] as const;
