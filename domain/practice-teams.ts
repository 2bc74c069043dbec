/**
 * Practice teams (spec §3 Team and Team member, §7 `/teams/teams`, issue 26): the practice's own
 * teams of persons (a care team, the front desk…). Not the team service's Microsoft Teams
 * (domain/teams.ts). Shared by the API (validation) and the SPA (forms).
 */
import * as v from 'valibot';
import { flag, objectWith, expectedVersion } from './catalogue.ts';
import { listFilterMaxLength, listQuerySchema } from './list-query.ts';
import { practiceTeamSortColumns } from './lists.ts';
import { messages } from './messages.ts';
import { wholeNumber } from './query.ts';
import { type CommonFields } from './records.ts';
import { recordTagsField, tagQueryParam, type RecordTag } from './tags.ts';
import { requiredText, text } from './text.ts';

/** What a team does (spec §3 `type`; the spec names no values, these are a practice's usual teams). */
export const practiceTeamTypes = ['Care team', 'Front desk', 'Call center', 'Nursing', 'Scheduling', 'Billing', 'Referrals', 'Administrative', 'Other'] as const;
export type PracticeTeamType = (typeof practiceTeamTypes)[number];

/** Whom the team belongs to (spec §3 `affiliation`; ours: the practice's own staff, or people working with it). */
export const practiceTeamAffiliations = ['Practice', 'Hospital', 'Partner practice', 'Contractor', 'Other'] as const;
export type PracticeTeamAffiliation = (typeof practiceTeamAffiliations)[number];

/** Bounds of ours (the spec shows none); a team of more than 500 persons is a department, not a team. */
export const practiceTeamLimits = { name: 200, description: 1000, members: 500 } as const;

/**
 * The teams' messages (the spec gives none). Here rather than in messages.ts, like the tags' and
 * the team service's, so they load with the teams' screens and not with the first screen.
 */
export const practiceTeamMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${practiceTeamLimits.name} characters`,
  descriptionTooLong: `Description must be at most ${practiceTeamLimits.description} characters`,
  typeInvalid: `Type must be one of ${practiceTeamTypes.join(', ')}`,
  affiliationInvalid: `Affiliation must be one of ${practiceTeamAffiliations.join(', ')}`,
  personInvalid: 'Person must be a person id',
  /** One answer for an unknown id, a patient, and staff the caller may not read (issue 40): none tells which. */
  personNotStaff: 'A member must be a user or practitioner of this account whom your role may read',
  full: `A team can have at most ${practiceTeamLimits.members} members`,
  added: 'Successfully Added Team',
  saved: 'Successfully Saved Team',
} as const;

/** A new team shows in pickers (viewable) and is not offered for scheduling until said so. */
export const practiceTeamDefaults = { isViewable: true, isSchedulable: false } as const;

const nameField = requiredText(practiceTeamLimits.name, practiceTeamMessages.nameRequired, practiceTeamMessages.nameTooLong);
/** Optional text: empty becomes null, so a cleared field clears the value. */
const descriptionField = v.nullable(
  v.pipe(
    text(practiceTeamLimits.description, practiceTeamMessages.descriptionTooLong),
    v.transform((s) => (s === '' ? null : s)),
  ),
);
const typeField = v.nullable(v.picklist(practiceTeamTypes, practiceTeamMessages.typeInvalid));
const affiliationField = v.nullable(v.picklist(practiceTeamAffiliations, practiceTeamMessages.affiliationInvalid));
const personIdField = v.pipe(v.string(practiceTeamMessages.personInvalid), v.uuid(practiceTeamMessages.personInvalid), v.toLowerCase());

/** `POST /teams/teams`: absent fields take their defaults; `tags` become the team's `/tag` records. */
export const practiceTeamCreateSchema = objectWith(
  {
    name: nameField,
    type: v.optional(typeField, null),
    description: v.optional(descriptionField, null),
    affiliation: v.optional(affiliationField, null),
    isViewable: v.optional(flag('isViewable'), practiceTeamDefaults.isViewable),
    isSchedulable: v.optional(flag('isSchedulable'), practiceTeamDefaults.isSchedulable),
    tags: v.optional(recordTagsField, () => []),
  },
  { name: practiceTeamMessages.nameRequired },
);
export type PracticeTeamCreate = v.InferInput<typeof practiceTeamCreateSchema>;

/** `PATCH /teams/teams/{id}`: the version edited and the fields changed. */
export const practiceTeamPatchSchema = objectWith(
  {
    version: expectedVersion,
    name: v.optional(nameField),
    type: v.optional(typeField),
    description: v.optional(descriptionField),
    affiliation: v.optional(affiliationField),
    isViewable: v.optional(flag('isViewable')),
    isSchedulable: v.optional(flag('isSchedulable')),
    tags: v.optional(recordTagsField),
  },
  { name: practiceTeamMessages.nameRequired },
);
export type PracticeTeamPatch = v.InferInput<typeof practiceTeamPatchSchema>;

/** `POST /teams/teams/{id}/member` (spec §7): the person to add. */
export const practiceTeamMemberSchema = objectWith({ personId: personIdField }, { personId: practiceTeamMessages.personInvalid });
export type PracticeTeamMemberCreate = v.InferInput<typeof practiceTeamMemberSchema>;

export { practiceTeamSortColumns };
export type PracticeTeamSort = (typeof practiceTeamSortColumns)[number];
/**
 * `GET /teams/teams`: the list query, the tag filter (`tag=key` or `tag=key:value`) and
 * `personId`, the teams a person is on (a person's page lists them).
 */
export const practiceTeamListQuerySchema = v.object({
  ...listQuerySchema(practiceTeamSortColumns).entries,
  tag: tagQueryParam,
  personId: v.optional(personIdField),
});

/** Spec §3 Team. */
export type PracticeTeam = CommonFields & {
  resourceType: 'Team';
  name: string;
  type: PracticeTeamType | null;
  description: string | null;
  affiliation: PracticeTeamAffiliation | null;
  isViewable: boolean;
  isSchedulable: boolean;
  /** Spec §3's tags: the team's `/tag` records (type 'Team'), by key and value; a create or PATCH sending them sets them. */
  tags: RecordTag[];
  /** How many persons are on the team. */
  memberCount: number;
};

/** A list item is the whole record (issue 44), its member count among its fields. */
export type PracticeTeamListItem = PracticeTeam;
/** `GET /teams/teams`: the answer has `items` (like the other practice lists of spec §7). */
export type PracticeTeamList = { items: PracticeTeamListItem[]; total: number; limit: number; offset: number };

/**
 * Spec §3 Team member: one of the practice's staff on a team, by both names. Staff are the
 * account's users and practitioners (issue 40: never a patient); `isUser` and `isPractitioner` say
 * which records the person has (the SPA links the member to one the caller may read).
 */
export type PracticeTeamMember = { personId: string; personName: string; teamId: string; teamName: string; isUser: boolean; isPractitioner: boolean };
/**
 * `GET /teams/teams/{id}/members`: the members the caller may read, by name, and how many others
 * there are (`hidden`: members whose user, practitioner or person record the caller's role may not
 * read; neither their names nor their ids are given).
 */
export type PracticeTeamMemberList = { items: PracticeTeamMember[]; hidden: number };

/** `GET /teams/teams/{id}/candidates`: who may be added (staff the caller may read) whose name contains `q`, the first `limit` by name. */
export const practiceTeamCandidateQuerySchema = v.object({
  q: v.fallback(
    v.optional(
      v.pipe(
        text(listFilterMaxLength, messages.filterTooLong),
        v.transform((s) => (s === '' ? undefined : s)),
      ),
    ),
    undefined,
  ),
  limit: v.fallback(wholeNumber(1, 50), 50),
});
/** One who may be added: a user or practitioner of the account. */
export type PracticeTeamCandidate = { id: string; name: string; isUser: boolean; isPractitioner: boolean };
export type PracticeTeamCandidateList = { items: PracticeTeamCandidate[] };
