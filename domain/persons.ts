/**
 * Persons, users and practitioners (spec §2 Create person, §3, §5, §7, §9): the option lists,
 * the request schemas both the SPA forms and the API validate with, and the answer shapes.
 *
 * Bounds the spec leaves open ("Bounds of person, name and role schemas: not shown") are ours:
 * 100 characters per name part, 10 names per person, a first and at most one middle name,
 * 200 characters for free texts, 20 synonyms of 100 characters, photos of 1 MB.
 */
import * as v from 'valibot';
import { personSortColumns, practitionerSortColumns, userSortColumns } from './lists.ts';
import { listQuerySchema } from './list-query.ts';
import { requiredMessage, tooLongMessage } from './fields.ts';
import { messages } from './messages.ts';
import { tagQueryParam } from './tags.ts';
import { expectedVersion, isoDate, type CommonFields } from './records.ts';
import { optionalText, requiredText, text } from './text.ts';

// ---------------------------------------------------------------------------------------------
// Option lists (spec §9)

export const namePrefixes = ['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr', 'Prof', 'N/A'] as const;
export type NamePrefix = (typeof namePrefixes)[number];

export const nameSuffixes = ['Jr', 'Sr', 'II', 'III', 'IV', 'V', 'Esq', 'Ret', 'USA', 'USAF', 'USMC', 'USN', 'N/A'] as const;
export type NameSuffix = (typeof nameSuffixes)[number];

export const nameUses = ['usual', 'official', 'temp', 'nickname', 'anonymous', 'old', 'maiden'] as const;
export type NameUse = (typeof nameUses)[number];
export const defaultNameUse: NameUse = 'official';

export const genders = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
  { value: 'UN', label: 'Other' },
  { value: 'UNK', label: 'Unknown' },
] as const;
export type Gender = (typeof genders)[number]['value'];
export const genderValues = genders.map((g) => g.value) as [Gender, ...Gender[]];

/**
 * The 36 communication languages (spec §9 names Arabic, English variants, French, German,
 * Spanish and Welsh; the rest are the languages most asked for by US and UK practices).
 */
export const communicationLanguages = [
  { code: 'ar', label: 'Arabic' },
  { code: 'zh-CN', label: 'Chinese (Simplified)' },
  { code: 'zh-TW', label: 'Chinese (Traditional)' },
  { code: 'cs', label: 'Czech' },
  { code: 'da', label: 'Danish' },
  { code: 'nl', label: 'Dutch' },
  { code: 'en-US', label: 'English (United States)' },
  { code: 'en-GB', label: 'English (United Kingdom)' },
  { code: 'en-AU', label: 'English (Australia)' },
  { code: 'en-CA', label: 'English (Canada)' },
  { code: 'en-IE', label: 'English (Ireland)' },
  { code: 'en-NZ', label: 'English (New Zealand)' },
  { code: 'fr-FR', label: 'French (France)' },
  { code: 'fr-CA', label: 'French (Canada)' },
  { code: 'de', label: 'German' },
  { code: 'el', label: 'Greek' },
  { code: 'ht', label: 'Haitian Creole' },
  { code: 'he', label: 'Hebrew' },
  { code: 'hi', label: 'Hindi' },
  { code: 'hu', label: 'Hungarian' },
  { code: 'it', label: 'Italian' },
  { code: 'ja', label: 'Japanese' },
  { code: 'ko', label: 'Korean' },
  { code: 'nb', label: 'Norwegian' },
  { code: 'pl', label: 'Polish' },
  { code: 'pt-BR', label: 'Portuguese (Brazil)' },
  { code: 'pt-PT', label: 'Portuguese (Portugal)' },
  { code: 'ru', label: 'Russian' },
  { code: 'es-ES', label: 'Spanish (Spain)' },
  { code: 'es-MX', label: 'Spanish (Mexico)' },
  { code: 'es-US', label: 'Spanish (United States)' },
  { code: 'sv', label: 'Swedish' },
  { code: 'tl', label: 'Tagalog' },
  { code: 'tr', label: 'Turkish' },
  { code: 'vi', label: 'Vietnamese' },
  { code: 'cy', label: 'Welsh' },
] as const;
export type LanguageCode = (typeof communicationLanguages)[number]['code'];
export const languageCodes = communicationLanguages.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];
export const languageLabel = (code: string): string =>
  communicationLanguages.find((l) => l.code === code)?.label ?? code;

export { defaultPageSize, pageSizes, type PageSize } from './lists.ts';

/** Bounds of our choosing (the spec does not show them). */
export const personLimits = {
  namePart: 100,
  names: 10,
  text: 200,
  orgRole: 100,
  synonyms: 20,
  synonym: 100,
  initials: 10,
} as const;

/** Practitioner photos: PNG or JPEG (checked by magic bytes on the server), at most 1 MB. */
export const practitionerPhotoTypes = ['image/png', 'image/jpeg'] as const;
export type PractitionerPhotoType = (typeof practitionerPhotoTypes)[number];
export const practitionerPhotoMaxBytes = 1024 * 1024;

/** Spec §9: associations max 25 (contact points ↔ practitioners). */
export const maxAssociations = 25;

// ---------------------------------------------------------------------------------------------
// Shared pieces

/**
 * `v.object` reports a missing key with the object's message, not the entry's: this names the
 * message per required key, so a missing field reads like an empty one ('email is required').
 * (Issues without a message of their own are worded by the API's validator, naming the field and
 * what it expects: valibot's default messages quote the value received.)
 */
const object = <const E extends v.ObjectEntries>(entries: E, missing: Partial<Record<keyof E & string, string>> = {}) =>
  v.object(entries, (issue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    if (typeof key !== 'string') return messages.objectExpected;
    return missing[key as keyof E & string] ?? requiredMessage(key);
  });

const uuid = (message: string) => v.pipe(v.string(message), v.uuid(message));

const namePart = (requiredMessage: string) => requiredText(personLimits.namePart, requiredMessage, messages.namePartTooLong);

/** A middle name: may be empty (dropped). */
const optionalNamePart = text(personLimits.namePart, messages.namePartTooLong);

// ---------------------------------------------------------------------------------------------
// Name entry (spec §3 Name entry, §5 Person name form)

/**
 * A name as stored and sent: given[0] is the first name, given[1] the optional middle name;
 * `text` is always computed (first plus family) and any text sent is ignored.
 */
export const nameEntrySchema = v.pipe(
  object({
    use: v.picklist(nameUses, messages.usageRequired),
    family: namePart(messages.lastNameRequired),
    given: v.pipe(
      v.tupleWithRest(
        [namePart(messages.firstNameRequired)],
        optionalNamePart,
        messages.firstNameRequired,
      ),
      v.maxLength(2, messages.tooManyMiddleNames),
    ),
    prefix: v.optional(v.array(v.picklist(namePrefixes, messages.prefixUnknown)), []),
    suffix: v.optional(v.array(v.picklist(nameSuffixes, messages.suffixUnknown)), []),
    period: v.optional(
      v.pipe(
        v.object({ start: v.optional(isoDate), end: v.optional(isoDate) }),
        v.check((p) => !p.start || !p.end || p.start <= p.end, messages.periodOrder),
      ),
    ),
  }, { use: messages.usageRequired, family: messages.lastNameRequired, given: messages.firstNameRequired }),
  v.transform((entry) => {
    const given = entry.given.filter((g, i) => i === 0 || g !== '');
    const prefix = [...new Set(entry.prefix)];
    const suffix = [...new Set(entry.suffix)];
    const out: NameEntry = { use: entry.use, text: `${given[0]} ${entry.family}`, family: entry.family, given, prefix, suffix };
    if (entry.period && (entry.period.start || entry.period.end)) out.period = entry.period;
    return out;
  }),
);

export type NameEntry = {
  use: NameUse;
  /** First name plus family name, computed. */
  text: string;
  family: string;
  /** [first] or [first, middle]. */
  given: string[];
  prefix: NamePrefix[];
  suffix: NameSuffix[];
  period?: { start?: string; end?: string };
};
export type NameEntryInput = v.InferInput<typeof nameEntrySchema>;

/**
 * The Add Name dialog's fields (spec §2): the same rules with the messages under the form's own
 * field names. `toNameEntry` turns the dialog's values into a name entry.
 */
export const nameFormSchema = object({
  prefix: v.optional(v.array(v.picklist(namePrefixes, messages.prefixUnknown)), []),
  firstName: namePart(messages.firstNameRequired),
  middleName: v.optional(optionalNamePart, ''),
  lastName: namePart(messages.lastNameRequired),
  suffix: v.optional(v.array(v.picklist(nameSuffixes, messages.suffixUnknown)), []),
  use: v.picklist(nameUses, messages.usageRequired),
}, { firstName: messages.firstNameRequired, lastName: messages.lastNameRequired, use: messages.usageRequired });
export type NameForm = v.InferOutput<typeof nameFormSchema>;

export function toNameEntry(form: NameForm): NameEntry {
  return v.parse(nameEntrySchema, {
    use: form.use,
    family: form.lastName,
    given: form.middleName ? [form.firstName, form.middleName] : [form.firstName],
    prefix: form.prefix,
    suffix: form.suffix,
  });
}

/** The name a list shows for a person: the first name entry's text (first plus family). */
export const personDisplayName = (names: readonly Pick<NameEntry, 'text'>[]): string => names[0]?.text ?? '';

// ---------------------------------------------------------------------------------------------
// Person (spec §3 Person, §7 Persons)

export type Communication = { code: LanguageCode; preferred: boolean };

/**
 * Languages: each once, at most one preferred; when none is marked the first becomes preferred
 * (spec §7: "the first or chosen language is marked preferred").
 */
const communicationSchema = v.pipe(
  v.array(
    v.object({
      code: v.picklist(languageCodes, messages.languageUnknown),
      preferred: v.optional(v.boolean(), false),
    }),
  ),
  v.maxLength(communicationLanguages.length, messages.languageDuplicate),
  v.check((list) => new Set(list.map((l) => l.code)).size === list.length, messages.languageDuplicate),
  v.check((list) => list.filter((l) => l.preferred).length <= 1, messages.onePreferredLanguage),
  v.transform((list): Communication[] => {
    const hasPreferred = list.some((l) => l.preferred);
    return list.map((l, i) => ({ code: l.code, preferred: hasPreferred ? l.preferred : i === 0 }));
  }),
);

const namesSchema = v.pipe(
  v.array(nameEntrySchema, messages.atLeastOneName),
  v.minLength(1, messages.atLeastOneName),
  v.maxLength(personLimits.names, messages.tooManyNames),
);

/** A gender from the list; '' (a select left on its placeholder) or null means none. */
const genderSchema = v.optional(
  v.nullable(
    v.union(
      [
        v.picklist(genderValues),
        v.pipe(
          v.literal(''),
          v.transform(() => null),
        ),
      ],
      messages.genderInvalid,
    ),
  ),
);

/** `POST /person/persons`. Unknown keys (ids, timestamps…) are dropped. */
export const personCreateSchema = object({
  /** Instance administrators creating on behalf of another account (spec §1, §2). */
  accountId: v.optional(uuid(messages.accountIdInvalid)),
  name: namesSchema,
  gender: genderSchema,
  orgRole: optionalText(personLimits.orgRole, messages.orgRoleTooLong),
  communication: v.optional(communicationSchema, []),
  /** 'Take me to Practitioner Setup': also creates the practitioner record, same transaction. */
  makePractitioner: v.optional(v.boolean(), false),
}, { name: messages.atLeastOneName });
export type PersonCreate = v.InferInput<typeof personCreateSchema>;
export type PersonCreateParsed = v.InferOutput<typeof personCreateSchema>;
export type PersonCreated = { id: string; practitionerId?: string };

/**
 * `PATCH /person/persons/{id}`: the editable fields plus the version being edited. The common
 * fields (id, accountId, timestamps, createdBy/modifiedBy, resourceType) are dropped if sent.
 */
export const personPatchSchema = object({
  version: expectedVersion,
  name: v.optional(namesSchema),
  gender: genderSchema,
  orgRole: optionalText(personLimits.orgRole, messages.orgRoleTooLong),
  communication: v.optional(communicationSchema),
}, {});
export type PersonPatch = v.InferInput<typeof personPatchSchema>;
export type PersonPatchParsed = v.InferOutput<typeof personPatchSchema>;

export type Person = CommonFields & {
  resourceType: 'Person';
  name: NameEntry[];
  displayName: string;
  gender: Gender | null;
  orgRole: string | null;
  communication: Communication[];
  practitionerRecord: boolean;
  userRecord: boolean;
};

/** A row of `GET /person/persons`: the whole §3 person (issue 44), whose columns the list shows. */
export type PersonListItem = Person;

// ---------------------------------------------------------------------------------------------
// User (spec §3 User, §5, §7 Users): a person's user record, id = person id

const emailSchema = v.pipe(
  v.string(messages.emailRequired),
  v.trim(),
  v.nonEmpty(messages.emailRequired),
  v.maxLength(254, messages.emailInvalid),
  v.email(messages.emailInvalid),
  v.toLowerCase(),
);
const principalIdSchema = requiredText(personLimits.text, messages.principalIdRequired, tooLongMessage('principalId', personLimits.text));

/** `POST /person/users/{personId}`. `instanceAdmin` is honoured only from an instance administrator. */
/**
 * Spec §3's `userPolicy.accessPolicy.role` of a user: the role by its name in the account (or by
 * its `roleId`, as the API answers it). Taken beside `roleId`; both sent, they must be one role.
 */
const userPolicySchema = v.optional(
  v.object(
    {
      accessPolicy: v.optional(
        v.object(
          {
            role: v.optional(v.nullable(v.pipe(v.string(messages.roleNameUnknown), v.trim(), v.maxLength(200, messages.roleNameUnknown)))),
            roleId: v.optional(v.nullable(uuid(messages.roleIdInvalid))),
          },
          messages.objectExpected,
        ),
      ),
    },
    messages.objectExpected,
  ),
);

export const userCreateSchema = object({
  userPolicy: userPolicySchema,
  email: emailSchema,
  principalId: principalIdSchema,
  /** Defaults to the person's display name. */
  name: optionalText(personLimits.text, tooLongMessage('name', personLimits.text)),
  source: optionalText(personLimits.text, tooLongMessage('source', personLimits.text)),
  oktaId: optionalText(personLimits.text, tooLongMessage('oktaId', personLimits.text)),
  active: v.optional(v.boolean(), true),
  roleId: v.optional(v.nullable(uuid(messages.roleIdInvalid))),
  instanceAdmin: v.optional(v.boolean()),
}, { email: messages.emailRequired, principalId: messages.principalIdRequired });
export type UserCreate = v.InferInput<typeof userCreateSchema>;
export type UserCreateParsed = v.InferOutput<typeof userCreateSchema>;

/** `PATCH /person/users/{id}`. */
export const userPatchSchema = object({
  version: expectedVersion,
  email: v.optional(emailSchema),
  principalId: v.optional(principalIdSchema),
  name: v.optional(requiredText(personLimits.text, messages.userNameRequired, tooLongMessage('name', personLimits.text))),
  source: optionalText(personLimits.text, tooLongMessage('source', personLimits.text)),
  oktaId: optionalText(personLimits.text, tooLongMessage('oktaId', personLimits.text)),
  active: v.optional(v.boolean()),
  roleId: v.optional(v.nullable(uuid(messages.roleIdInvalid))),
  userPolicy: userPolicySchema,
  instanceAdmin: v.optional(v.boolean()),
}, {});
export type UserPatch = v.InferInput<typeof userPatchSchema>;
export type UserPatchParsed = v.InferOutput<typeof userPatchSchema>;

export type User = CommonFields & {
  resourceType: 'User';
  /** Same as id: a user record is keyed by its person. */
  personId: string;
  name: string;
  email: string;
  principalId: string;
  source: string | null;
  oktaId: string | null;
  active: boolean;
  roleId: string | null;
  /** `role` is the role's name (null without a role). */
  userPolicy: { accessPolicy: { role: string | null; roleId: string | null } };
  instanceAdmin: boolean;
  /**
   * In the answer about one user (GET and PATCH): whether the user's role grants something the
   * caller's own lacks, so the caller may not change the user's email, principalId, active state
   * or role, nor delete the user (issue 24; instance administrators: never).
   */
  roleBeyondYours?: boolean;
};

/** A row of `GET /person/users`: the whole §3 user (issue 44), whose columns the list shows. */
export type UserListItem = User;

// ---------------------------------------------------------------------------------------------
// Practitioner (spec §3 Practitioner, §7 Practitioners): id = person id

const synonymsSchema = v.pipe(
  v.array(requiredText(personLimits.synonym, messages.synonymInvalid, messages.synonymInvalid)),
  v.maxLength(personLimits.synonyms, messages.tooManySynonyms),
  // Chips: the same synonym twice is kept once.
  v.transform((list) => [...new Set(list)]),
);

const practitionerFields = {
  active: v.optional(v.boolean()),
  name: v.optional(requiredText(personLimits.text, messages.practitionerNameRequired, tooLongMessage('name', personLimits.text))),
  specialty: optionalText(personLimits.text, tooLongMessage('specialty', personLimits.text)),
  group: optionalText(personLimits.text, tooLongMessage('group', personLimits.text)),
  initials: optionalText(personLimits.initials, messages.initialsTooLong),
  pronunciation: optionalText(personLimits.text, tooLongMessage('pronunciation', personLimits.text)),
  synonyms: v.optional(synonymsSchema),
};

/**
 * `POST /person/practitioners/{personId}`. `name` defaults to the person's display name, `active`
 * to true. The photo is sent separately: `PUT /person/practitioners/{id}/photo`.
 */
export const practitionerCreateSchema = object(practitionerFields);
export type PractitionerCreate = v.InferInput<typeof practitionerCreateSchema>;
export type PractitionerCreateParsed = v.InferOutput<typeof practitionerCreateSchema>;

/** `PATCH /person/practitioners/{id}`; `photo: null` removes the photo. */
export const practitionerPatchSchema = object({
  version: expectedVersion,
  ...practitionerFields,
  photo: v.optional(v.null()),
}, {});
export type PractitionerPatch = v.InferInput<typeof practitionerPatchSchema>;
export type PractitionerPatchParsed = v.InferOutput<typeof practitionerPatchSchema>;

/** A contact point linked to the practitioner (filled once contact points exist). */
export type PractitionerAssociation = { id: string; name: string };

export type PractitionerPhoto = {
  contentType: PractitionerPhotoType;
  size: number;
  /** Changes with every upload: append it to the photo URL to bust caches. */
  modifiedTimestamp: string;
  /** API path serving the image (needs the bearer token): `/person/practitioners/{id}/photo`. */
  path: string;
};

export type Practitioner = CommonFields & {
  resourceType: 'Practitioner';
  personId: string;
  active: boolean;
  name: string;
  specialty: string | null;
  group: string | null;
  initials: string | null;
  pronunciation: string | null;
  synonyms: string[];
  associations: PractitionerAssociation[];
  photo: PractitionerPhoto | null;
};

/** A list item is the whole record (issue 44), as GET answers it. */
export type PractitionerListItem = Practitioner;

// ---------------------------------------------------------------------------------------------
// Lists (spec §2 Lists): paging, sorting and filtering shared by the three lists

export {
  personSortColumns,
  practitionerSortColumns,
  sortOrders,
  userSortColumns,
  type PersonSort,
  type PractitionerSort,
  type SortOrder,
  type UserSort,
} from './lists.ts';

export const personListQuerySchema = listQuerySchema(personSortColumns);
export const userListQuerySchema = listQuerySchema(userSortColumns);
/** Practitioners also filter by tag (`tag=key` or `tag=key:value`, domain/tags.ts). */
export const practitionerListQuerySchema = v.object({ ...listQuerySchema(practitionerSortColumns).entries, tag: tagQueryParam });
/** Where a filtered persons list stops counting its matches (see `totalEstimated`). */
export const filteredTotalBound = 1000;

type Page = {
  total: number;
  limit: number;
  offset: number;
  /**
   * Set (true) when a filtered persons list matched more than `filteredTotalBound` persons: the
   * server stops counting there and `total` is that bound — show it as "1,000+".
   */
  totalEstimated?: boolean;
};
/** `GET /person/persons` (spec §7: the answer has `Items`). */
export type PersonList = Page & { Items: PersonListItem[] };
/** `GET /person/users` (spec §7: the answer has `Items`). */
export type UserList = Page & { Items: UserListItem[] };
/** `GET /person/practitioners` (spec §7: the answer has `items`). */
export type PractitionerList = Page & { items: PractitionerListItem[] };
