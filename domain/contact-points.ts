/**
 * Contact points (spec §3, §5, §9): the numbers, addresses and queues a practice is reached at.
 * Shared by the API (validation) and the SPA (forms).
 */
import * as v from 'valibot';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { maxAssociations } from './persons.ts';
import { listQuerySchema } from './list-query.ts';
import { expectedVersion, type CommonFields } from './records.ts';
import { requiredMessage, tooLongMessage } from './fields.ts';
import { messages } from './messages.ts';
import { tagQueryParam } from './tags.ts';
import { text } from './text.ts';
import { contactPointSortColumns, type ContactPointSort } from './contact-point-sort.ts';

export const contactPointSystems = ['PHONE', 'FAX', 'EMAIL', 'PAGER', 'URL', 'SMS', 'QUEUEID', 'OTHER'] as const;
export type ContactPointSystem = (typeof contactPointSystems)[number];

export const serviceProviders = ['Amazon Connect', 'Halo', 'Twilio', 'Verizon', 'AT&T', 'TMobile', 'Google Fi', 'Facebook', 'Discord', 'Unknown'] as const;
export type ServiceProvider = (typeof serviceProviders)[number];

export const systemTypes = ['Main', 'Priority', 'Reception'] as const;
export type SystemType = (typeof systemTypes)[number];

/** Spec §9 defaults of a new contact point. */
export const contactPointDefaults = {
  system: 'PHONE',
  serviceProvider: 'Amazon Connect',
  systemType: 'Main',
  rank: 10,
  vip: false,
  associations: [] as string[],
} as const satisfies Record<string, unknown>;

export const contactPointLimits = { text: 200, rankMin: 1, rankMax: 10, associations: maxAssociations } as const;

/** The systems whose value is a phone number (spec §5): checked and stored normalised. */
export const phoneSystems: readonly ContactPointSystem[] = ['PHONE', 'SMS', 'FAX'];
export const isPhoneSystem = (system: string): boolean => (phoneSystems as readonly string[]).includes(system);

/**
 * Spec §5's US 10-digit number: an optional country prefix (1 or +1), the area code optionally in
 * parentheses, separated by spaces, dots or dashes.
 */
export const usPhonePattern = /^(?:\+?1[\s.-]*)?(?:\(\d{3}\)|\d{3})[\s.-]*\d{3}[\s.-]*\d{4}$/;

/** A value as typed, in E.164 when it is a US phone number (`(555) 123-4567` → `+15551234567`); null when it is not one. */
export function e164(value: string): string | null {
  const typed = value.trim();
  if (!usPhonePattern.test(typed)) return null;
  return parsePhoneNumberFromString(typed, 'US')?.number ?? null;
}

/**
 * The value a contact point is told apart by: E.164 for phone-like systems, lower case for an
 * email address, the text itself otherwise. The same normalised value exists once per system in an account.
 */
export function normalizeValue(system: string, value: string): string {
  const typed = value.trim();
  if (isPhoneSystem(system)) return e164(typed) ?? typed;
  if (system === 'EMAIL') return typed.toLowerCase();
  return typed;
}

/** The value's field message for its system, or null when it is fine (phone-like systems need a US number). */
export const valueProblem = (system: string, value: string): string | null =>
  isPhoneSystem(system) && e164(value) === null ? messages.contactPointPhoneInvalid : null;

/** Text of at least one character once trimmed (spec §5), at most 200 (ours). */
const requiredText = (key: string, message: string) => v.pipe(text(contactPointLimits.text, tooLongMessage(key, contactPointLimits.text), message), v.minLength(1, message));

const nameField = requiredText('name', messages.contactPointNameMin);
const valueField = requiredText('value', messages.contactPointValueMin);
// Spec §5: value, name and description each have a minimum length of 1, so a description is required like the other two.
const descriptionField = requiredText('description', messages.contactPointDescriptionMin);
const systemField = v.picklist(contactPointSystems, messages.contactPointSystemInvalid);
const providerField = v.picklist(serviceProviders, messages.contactPointProviderInvalid);
const systemTypeField = v.nullable(v.picklist(systemTypes, messages.contactPointSystemTypeInvalid));
// Spec §5's 'number must be between 1 and 10' is for a number out of range; a fraction or text is told a whole number is needed (issue 24).
const rankField = v.pipe(
  v.number(messages.contactPointRankWhole),
  v.integer(messages.contactPointRankWhole),
  v.minValue(contactPointLimits.rankMin, messages.contactPointRank),
  v.maxValue(contactPointLimits.rankMax, messages.contactPointRank),
);
const vipField = v.boolean(messages.contactPointVipInvalid);
const practitionerId = v.pipe(v.string(messages.contactPointAssociationInvalid), v.uuid(messages.contactPointAssociationInvalid), v.toLowerCase());
/**
 * The practitioners associated: their ids (or `{ id, name }` as the API answers them), at most 25
 * once duplicates are dropped (a duplicate is ignored, spec §5).
 */
const associationsField = v.pipe(
  v.array(v.union([practitionerId, v.pipe(v.object({ id: practitionerId }), v.transform((a) => a.id))], messages.contactPointAssociationInvalid), messages.contactPointAssociationInvalid),
  v.maxLength(1000, messages.contactPointTooManyAssociations),
  v.transform((ids) => [...new Set(ids)]),
  v.maxLength(contactPointLimits.associations, messages.contactPointTooManyAssociations),
);


const missing: Record<string, string> = {
  name: messages.contactPointNameMin,
  value: messages.contactPointValueMin,
  description: messages.contactPointDescriptionMin,
};
const object = <const E extends v.ObjectEntries>(entries: E) =>
  v.object(entries, (issue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    if (typeof key !== 'string') return messages.objectExpected;
    return missing[key] ?? requiredMessage(key);
  });

/** `POST /contactpoints/contact-points` (spec §7 body); absent fields take spec §9's defaults. */
export const contactPointCreateSchema = v.pipe(
  object({
    name: nameField,
    value: valueField,
    system: v.optional(systemField, contactPointDefaults.system),
    serviceProvider: v.optional(providerField, contactPointDefaults.serviceProvider),
    description: descriptionField,
    systemType: v.optional(systemTypeField, contactPointDefaults.systemType),
    rank: v.optional(rankField, contactPointDefaults.rank),
    vip: v.optional(vipField, contactPointDefaults.vip),
    associations: v.optional(associationsField, () => []),
  }),
  v.forward(
    v.check((cp) => valueProblem(cp.system, cp.value) === null, messages.contactPointPhoneInvalid),
    ['value'],
  ),
);
export type ContactPointCreate = v.InferInput<typeof contactPointCreateSchema>;
export type ContactPointCreateParsed = v.InferOutput<typeof contactPointCreateSchema>;

/** `PATCH /contactpoints/contact-points/{id}`: the version edited and the fields changed (the value is checked against the system it ends with). */
export const contactPointPatchSchema = object({
  version: expectedVersion,
  name: v.optional(nameField),
  value: v.optional(valueField),
  system: v.optional(systemField),
  serviceProvider: v.optional(providerField),
  description: v.optional(descriptionField),
  systemType: v.optional(systemTypeField),
  rank: v.optional(rankField),
  vip: v.optional(vipField),
  associations: v.optional(associationsField),
});
export type ContactPointPatch = v.InferInput<typeof contactPointPatchSchema>;
export type ContactPointPatchParsed = v.InferOutput<typeof contactPointPatchSchema>;

export { contactPointSortColumns, type ContactPointSort };
/** Contact points also filter by tag (`tag=key` or `tag=key:value`, domain/tags.ts). */
export const contactPointListQuerySchema = v.object({ ...listQuerySchema(contactPointSortColumns).entries, tag: tagQueryParam });

/** A practitioner associated with a contact point. */
export type ContactPointAssociation = { id: string; name: string };
/**
 * A practitioner associated, as a contact point's answer shows it: `name` is null when the caller's
 * role may not read practitioners (issue 40); the association is still there, by id, and a PATCH
 * that sends the list back keeps it.
 */
export type ContactPointAssociationShown = { id: string; name: string | null };

export type ContactPoint = CommonFields & {
  resourceType: 'ContactPoint';
  name: string;
  /** As typed. */
  value: string;
  /** E.164 for PHONE, SMS and FAX; what the uniqueness and the VIP lookup go by. */
  normalizedValue: string;
  system: ContactPointSystem;
  serviceProvider: ServiceProvider;
  description: string | null;
  systemType: SystemType | null;
  rank: number;
  vip: boolean;
  associations: ContactPointAssociationShown[];
};

/** A list item is the whole record (issue 44), as GET answers it. */
export type ContactPointListItem = ContactPoint;
/** `totalEstimated`: a filtered list matched more than `filteredTotalBound` (domain/persons.ts) and `total` is that bound. */
export type ContactPointList = { items: ContactPointListItem[]; total: number; totalEstimated?: boolean; limit: number; offset: number };

/** `GET /contactpoints/vip/{value}`. */
export type VipLookup = { vip: boolean; contactPoint: Pick<ContactPoint, 'id' | 'name' | 'value' | 'system'> | null };
