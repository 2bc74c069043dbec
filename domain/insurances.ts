/**
 * Insurances (spec §3 Insurance, §7 `/insurances`): the plans the practice accepts, with what a
 * call-center agent must tell a patient about each (referral, authorization, network). Shared by
 * the API (validation) and the SPA (forms).
 */
import * as v from 'valibot';
import { flag, objectWith, expectedVersion } from './catalogue.ts';
import { listQuerySchema } from './list-query.ts';
import { type CommonFields } from './records.ts';
import { messages } from './messages.ts';
import { requiredText } from './text.ts';
import { recordTagsField, tagQueryParam, type RecordTag } from './tags.ts';
import { insuranceSortColumns } from './lists.ts';

/** Kinds of coverage a plan offers (spec §3 `insuranceType[]`; the spec names none, these are the US market's). */
export const insuranceTypes = [
  'Commercial',
  'HMO',
  'PPO',
  'EPO',
  'POS',
  'HDHP',
  'Medicare',
  'Medicare Advantage',
  'Medicaid',
  'CHIP',
  'TRICARE',
  'Workers Compensation',
  'Auto',
  'Other',
] as const;
export type InsuranceType = (typeof insuranceTypes)[number];

export const insuranceLimits = { planName: 200, prefixLength: 10, prefixes: 20 } as const;

/** The yes/no fields of spec §3, in the order the forms show them, with their labels. */
export const insuranceFlags = [
  ['isInNetwork', 'In network'],
  ['isSecondaryOnly', 'Secondary only'],
  ['isReferralRequired', 'Referral required'],
  ['isAuthorizationRequired', 'Authorization required'],
  ['isOkToBringAuthorization', 'OK to bring authorization'],
  ['isMedicare', 'Medicare'],
  ['isMedicade', 'Medicaid'],
  ['isWorkercomp', "Workers' compensation"],
] as const;
export type InsuranceFlag = (typeof insuranceFlags)[number][0];

/** A new plan is one the practice is in network with; every other flag starts off. */
export const insuranceDefaults = {
  insuranceType: [] as InsuranceType[],
  planPrefix: [] as string[],
  isWorkercomp: false,
  isMedicare: false,
  isMedicade: false,
  isReferralRequired: false,
  isAuthorizationRequired: false,
  isOkToBringAuthorization: false,
  isInNetwork: true,
  isSecondaryOnly: false,
} as const;

const planNameField = requiredText(insuranceLimits.planName, messages.insurancePlanNameRequired, messages.insurancePlanNameTooLong);
/** The types chosen, each once (a repeat is dropped). */
const typesField = v.pipe(
  v.array(v.picklist(insuranceTypes, messages.insuranceTypeInvalid), messages.insuranceTypeInvalid),
  v.transform((types) => [...new Set(types)]),
);
/** Member-id prefixes ('XEH', 'R2A'): letters and digits, stored upper case, each once. */
const prefixField = v.pipe(
  v.string(messages.insurancePrefixInvalid),
  v.trim(),
  v.regex(new RegExp(`^[A-Za-z0-9]{1,${insuranceLimits.prefixLength}}$`), messages.insurancePrefixInvalid),
  v.toUpperCase(),
);
const prefixesField = v.pipe(
  v.array(prefixField, messages.insurancePrefixInvalid),
  v.maxLength(1000, messages.insuranceTooManyPrefixes),
  v.transform((prefixes) => [...new Set(prefixes)]),
  v.maxLength(insuranceLimits.prefixes, messages.insuranceTooManyPrefixes),
);

/** "OK to bring authorization" says how a required authorization may be given: it needs one to be required. */
export const authorizationProblem = (record: { isAuthorizationRequired: boolean; isOkToBringAuthorization: boolean }): string | null =>
  record.isOkToBringAuthorization && !record.isAuthorizationRequired ? messages.insuranceBringWithoutRequired : null;

const flags = {
  isWorkercomp: flag('isWorkercomp'),
  isMedicare: flag('isMedicare'),
  isMedicade: flag('isMedicade'),
  isReferralRequired: flag('isReferralRequired'),
  isAuthorizationRequired: flag('isAuthorizationRequired'),
  isOkToBringAuthorization: flag('isOkToBringAuthorization'),
  isInNetwork: flag('isInNetwork'),
  isSecondaryOnly: flag('isSecondaryOnly'),
};

/** `POST /insurances`: absent fields take their defaults. */
export const insuranceCreateSchema = v.pipe(
  objectWith(
    {
      insurancePlanName: planNameField,
      insuranceType: v.optional(typesField, () => []),
      planPrefix: v.optional(prefixesField, () => []),
      isWorkercomp: v.optional(flags.isWorkercomp, insuranceDefaults.isWorkercomp),
      isMedicare: v.optional(flags.isMedicare, insuranceDefaults.isMedicare),
      isMedicade: v.optional(flags.isMedicade, insuranceDefaults.isMedicade),
      isReferralRequired: v.optional(flags.isReferralRequired, insuranceDefaults.isReferralRequired),
      isAuthorizationRequired: v.optional(flags.isAuthorizationRequired, insuranceDefaults.isAuthorizationRequired),
      isOkToBringAuthorization: v.optional(flags.isOkToBringAuthorization, insuranceDefaults.isOkToBringAuthorization),
      isInNetwork: v.optional(flags.isInNetwork, insuranceDefaults.isInNetwork),
      isSecondaryOnly: v.optional(flags.isSecondaryOnly, insuranceDefaults.isSecondaryOnly),
      tags: v.optional(recordTagsField, () => []),
    },
    { insurancePlanName: messages.insurancePlanNameRequired },
  ),
  v.forward(
    v.check((i) => authorizationProblem(i) === null, messages.insuranceBringWithoutRequired),
    ['isOkToBringAuthorization'],
  ),
);
export type InsuranceCreate = v.InferInput<typeof insuranceCreateSchema>;

/** `PATCH /insurances/{id}`: the version edited and the fields changed (the authorization rule is checked on the record it makes). */
export const insurancePatchSchema = objectWith(
  {
    version: expectedVersion,
    insurancePlanName: v.optional(planNameField),
    insuranceType: v.optional(typesField),
    planPrefix: v.optional(prefixesField),
    isWorkercomp: v.optional(flags.isWorkercomp),
    isMedicare: v.optional(flags.isMedicare),
    isMedicade: v.optional(flags.isMedicade),
    isReferralRequired: v.optional(flags.isReferralRequired),
    isAuthorizationRequired: v.optional(flags.isAuthorizationRequired),
    isOkToBringAuthorization: v.optional(flags.isOkToBringAuthorization),
    isInNetwork: v.optional(flags.isInNetwork),
    isSecondaryOnly: v.optional(flags.isSecondaryOnly),
    tags: v.optional(recordTagsField),
  },
  { insurancePlanName: messages.insurancePlanNameRequired },
);
export type InsurancePatch = v.InferInput<typeof insurancePatchSchema>;

/** `name` sorts by the plan name (every list sorts by name unless told otherwise). */
export { insuranceSortColumns };
export type InsuranceSort = (typeof insuranceSortColumns)[number];
/** Insurances also filter by tag (`tag=key` or `tag=key:value`, domain/tags.ts). */
export const insuranceListQuerySchema = v.object({ ...listQuerySchema(insuranceSortColumns).entries, tag: tagQueryParam });

export type Insurance = CommonFields & {
  resourceType: 'Insurance';
  insurancePlanName: string;
  insuranceType: InsuranceType[];
  planPrefix: string[];
  /** Spec §3's tags: the insurance's `/tag` records (type 'Insurance'), by key and value; a create or PATCH sending them sets them. */
  tags: RecordTag[];
} & Record<InsuranceFlag, boolean>;

/** A list item is the whole record (issue 44): the list's columns are among its fields. */
export type InsuranceListItem = Insurance;
/** `GET /insurances`: the answer has `items`. */
export type InsuranceList = { items: InsuranceListItem[]; total: number; limit: number; offset: number };
