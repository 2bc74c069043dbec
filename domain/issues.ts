/**
 * Issues (spec §3 Interaction.conditions, §7 `/issues`): the account's catalogue of reasons a
 * patient calls, which interactions record as their conditions. Shared by the API (validation)
 * and the SPA (forms).
 */
import * as v from 'valibot';
import { flag, objectWith, expectedVersion } from './catalogue.ts';
import { listQuerySchema } from './list-query.ts';
import { type CommonFields } from './records.ts';
import { messages } from './messages.ts';
import { requiredText, text } from './text.ts';
import { tagQueryParam } from './tags.ts';
import { issueSortColumns } from './lists.ts';

/** What a call is about, broadly: how the list groups and filters the catalogue (ours: the spec names no categories). */
export const issueCategories = ['Clinical', 'Medication', 'Scheduling', 'Billing', 'Records', 'Referral', 'Administrative', 'Other'] as const;
export type IssueCategory = (typeof issueCategories)[number];

export const issueLimits = { name: 200, description: 1000 } as const;

/** Spec-less defaults: a new issue is in use and not urgent. */
export const issueDefaults = { urgent: false, active: true } as const;

const nameField = requiredText(issueLimits.name, messages.issueNameRequired, messages.issueNameTooLong);
/** Optional text: empty becomes null, so a cleared field clears the value. */
const descriptionField = v.nullable(
  v.pipe(
    text(issueLimits.description, messages.issueDescriptionTooLong),
    v.transform((s) => (s === '' ? null : s)),
  ),
);
const categoryField = v.nullable(v.picklist(issueCategories, messages.issueCategoryInvalid));

/** `POST /issues`: absent fields take their defaults. */
export const issueCreateSchema = objectWith(
  {
    name: nameField,
    description: v.optional(descriptionField, null),
    category: v.optional(categoryField, null),
    urgent: v.optional(flag('urgent'), issueDefaults.urgent),
    active: v.optional(flag('active'), issueDefaults.active),
  },
  { name: messages.issueNameRequired },
);
export type IssueCreate = v.InferInput<typeof issueCreateSchema>;

/** `PATCH /issues/{id}`: the version edited and the fields changed. */
export const issuePatchSchema = objectWith(
  {
    version: expectedVersion,
    name: v.optional(nameField),
    description: v.optional(descriptionField),
    category: v.optional(categoryField),
    urgent: v.optional(flag('urgent')),
    active: v.optional(flag('active')),
  },
  { name: messages.issueNameRequired },
);
export type IssuePatch = v.InferInput<typeof issuePatchSchema>;

export { issueSortColumns };
export type IssueSort = (typeof issueSortColumns)[number];
/** Issues also filter by tag (`tag=key` or `tag=key:value`, domain/tags.ts). */
export const issueListQuerySchema = v.object({ ...listQuerySchema(issueSortColumns).entries, tag: tagQueryParam });

export type Issue = CommonFields & {
  resourceType: 'Issue';
  name: string;
  description: string | null;
  category: IssueCategory | null;
  urgent: boolean;
  active: boolean;
};

export type IssueListItem = Pick<Issue, 'id' | 'name' | 'category' | 'urgent' | 'active'>;
/** `GET /issues`: the answer has `items` (like the other practice lists of spec §7). */
export type IssueList = { items: IssueListItem[]; total: number; limit: number; offset: number };
