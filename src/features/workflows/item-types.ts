/**
 * Workflow items as the items API answers them (issue 43). The API is being written on main; until
 * its types land in `domain/workflows.ts` (`WorkflowItem`, `workflowItemCreateSchema`), the SPA is
 * built against the contract written down here.
 */
import * as v from 'valibot';
import { usPhonePattern } from '../../../domain/contact-points.ts';
import { workflowMessages, type WorkflowItemStatus, type WorkflowTask } from '../../../domain/workflows.ts';

export const itemSources = ['manual', 'csv', 'api', 'palette'] as const;
export type ItemSource = (typeof itemSources)[number];

export type GeneralInfo = {
  patientName: string;
  phone: string;
  mrn?: string;
  dob?: string;
  email?: string;
  address?: string;
  balance?: number;
  payerClassA?: string;
  maximumDiscount?: number;
};

export type WorkflowItem = {
  id: string;
  accountId: string;
  taskWorkflowId: string;
  status: WorkflowItemStatus;
  currentTask: number | null;
  tasks: WorkflowTask[];
  source: ItemSource;
  generalInfo: GeneralInfo;
  nextAttemptAt: string | null;
  heldReason: string | null;
  createdTimestamp: string;
  modifiedTimestamp: string;
  createdBy: string;
  modifiedBy: string;
  version: number;
};

export type WorkflowItemEvent = { at: string; taskIndex: number | null; kind: string; detail: string; interactionId?: string | null };

export type WorkflowItemDetail = WorkflowItem & { events: WorkflowItemEvent[] };

export type WorkflowItemList = { items: WorkflowItem[]; total: number; limit: number; offset: number };

export type WorkflowItemCreate = { generalInfo: GeneralInfo; source?: 'manual' | 'palette' };

/**
 * What the items API checks of a new item, until `workflowItemCreateSchema` lands in
 * `domain/workflows.ts` with the API (then the form uses that one, the server's own).
 */

const optionalText = (label: string, max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`)));
const amount = (label: string) => v.optional(v.pipe(v.number(`${label} must be a number`), v.minValue(0, `${label} must be 0 or more`)));

export const itemCreateSchema = v.object({
  generalInfo: v.object({
    patientName: v.pipe(v.string('Patient name is required'), v.trim(), v.minLength(1, 'Patient name is required'), v.maxLength(200, 'Patient name must be at most 200 characters')),
    phone: v.pipe(v.string(workflowMessages.phoneInvalid), v.trim(), v.regex(usPhonePattern, workflowMessages.phoneInvalid)),
    mrn: optionalText('MRN', 100),
    dob: v.optional(v.pipe(v.string(), v.isoDate('Date of birth must be a date'))),
    email: v.optional(v.pipe(v.string(), v.trim(), v.email('Email must be an email address'))),
    address: optionalText('Address', 500),
    balance: amount('Balance'),
    payerClassA: optionalText('Payer class A', 100),
    maximumDiscount: amount('Maximum discount'),
  }),
  source: v.optional(v.picklist(['manual', 'palette'])),
});
