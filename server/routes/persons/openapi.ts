import * as v from 'valibot';
import { genderValues, languageCodes, namePrefixes, nameSuffixes, nameUses, type Person, type PersonCreated, type PersonList } from '../../../domain/persons.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, example, exampleCommon, isoDate, pageFields, uuid } from '../../openapi/schemas.ts';

/** Persons (server/routes/persons/index.ts): their answers, with examples. */

const nameEntry = v.object({
  use: v.picklist(nameUses),
  text: v.pipe(v.string(), v.description('First name and family name, computed.')),
  family: v.string(),
  given: v.pipe(v.array(v.string()), v.description('[first] or [first, middle].')),
  prefix: v.array(v.picklist(namePrefixes)),
  suffix: v.array(v.picklist(nameSuffixes)),
  period: v.optional(v.object({ start: v.optional(isoDate), end: v.optional(isoDate) })),
});

export const personAnswer = answerOf<Person>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('Person'),
    name: v.array(nameEntry),
    displayName: v.string(),
    gender: v.nullable(v.picklist(genderValues)),
    orgRole: v.nullable(v.string()),
    communication: v.array(v.object({ code: v.picklist(languageCodes), preferred: v.boolean() })),
    practitionerRecord: v.boolean(),
    userRecord: v.boolean(),
  }),
);

const personCreatedAnswer = answerOf<PersonCreated>()(
  v.object({ id: uuid, practitionerId: v.optional(v.pipe(uuid, v.description('With `makePractitioner`: the practitioner record made with the person.'))) }),
);

/** A page of persons, users or practitioners (a filtered list of persons may be counted up to a bound only). */
export const personListPage = { ...pageFields, totalEstimated: v.optional(v.pipe(v.boolean(), v.description('A filtered list that matched more than 1,000: `total` is that bound.'))) };

const personListAnswer = answerOf<PersonList>()(
  v.object({
    ...personListPage,
    Items: v.pipe(v.array(personAnswer), v.description('Each person whole (spec §3).')),
  }),
);

const janeName = { use: 'official' as const, text: 'Jane Doe', family: 'Doe', given: ['Jane'], prefix: ['Dr' as const], suffix: [] };

const personExample: Person = {
  ...exampleCommon(),
  resourceType: 'Person',
  name: [janeName],
  displayName: 'Jane Doe',
  gender: 'F',
  orgRole: 'Physician',
  communication: [{ code: 'en-US', preferred: true }],
  practitionerRecord: true,
  userRecord: false,
};

/** The list query of the examples (persons, users, practitioners). */
export const listQueryExample = { limit: '20', offset: '0', sort: 'name', order: 'asc', q: 'doe' };

export const personDocs = areaDocs({
  'GET /person/persons': {
    summary: 'List persons',
    answer: personListAnswer,
    queryExample: listQueryExample,
    answerExample: { total: 1, limit: 20, offset: 0, Items: [personExample] },
  },
  'POST /person/persons': {
    summary: 'Create a person',
    description: 'The first name entry becomes the display name; with `makePractitioner` the practitioner record is made in the same transaction.',
    status: 201,
    answer: personCreatedAnswer,
    requestExample: { name: [{ use: 'official', family: 'Doe', given: ['Jane'], prefix: ['Dr'] }], gender: 'F', orgRole: 'Physician', communication: [{ code: 'en-US', preferred: true }] },
    answerExample: { id: example.id },
  },
  'GET /person/persons/:id': { summary: 'Read a person', answer: personAnswer, answerExample: personExample },
  'PATCH /person/persons/:id': {
    summary: 'Update a person',
    description: 'Only the fields sent change; `version` is the version edited.',
    answer: personAnswer,
    requestExample: { version: 1, orgRole: 'Pediatrician' },
    answerExample: { ...personExample, ...exampleCommon(example.id, 2), orgRole: 'Pediatrician' },
  },
});
