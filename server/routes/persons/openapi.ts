import * as v from 'valibot';
import {
  genderValues,
  languageCodes,
  namePrefixes,
  nameSuffixes,
  nameUses,
  practitionerPhotoTypes,
  type Person,
  type PersonCreated,
  type PersonList,
  type Practitioner,
  type PractitionerList,
  type PractitionerPhoto,
  type User,
  type UserList,
} from '../../../domain/persons.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, dateTime, example, exampleCommon, isoDate, pageFields, uuid } from '../../openapi/schemas.ts';

/** Persons, users and practitioners (server/routes/persons/index.ts): their answers, with examples. */

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

const page = { ...pageFields, totalEstimated: v.optional(v.pipe(v.boolean(), v.description('A filtered list that matched more than 1,000: `total` is that bound.'))) };

const personListAnswer = answerOf<PersonList>()(
  v.object({
    ...page,
    Items: v.pipe(v.array(personAnswer), v.description('Each person whole (spec §3).')),
  }),
);

const userAnswer = answerOf<User>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('User'),
    personId: uuid,
    name: v.string(),
    email: v.string(),
    principalId: v.string(),
    source: v.nullable(v.string()),
    oktaId: v.nullable(v.string()),
    active: v.boolean(),
    roleId: v.nullable(uuid),
    userPolicy: v.object({ accessPolicy: v.object({ role: v.nullable(v.string()), roleId: v.nullable(uuid) }) }),
    instanceAdmin: v.boolean(),
    roleBeyondYours: v.optional(v.pipe(v.boolean(), v.description("The user's role grants something the caller's lacks: the caller may not change its sign-in, active state or role."))),
  }),
);

const userListAnswer = answerOf<UserList>()(v.object({ ...page, Items: v.pipe(v.array(userAnswer), v.description('Each user whole (spec §3).')) }));

const photoAnswer = answerOf<PractitionerPhoto>()(
  v.object({ contentType: v.picklist(practitionerPhotoTypes), size: v.number(), modifiedTimestamp: dateTime, path: v.string() }),
);

const practitionerAnswer = answerOf<Practitioner>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('Practitioner'),
    personId: uuid,
    active: v.boolean(),
    name: v.string(),
    specialty: v.nullable(v.string()),
    group: v.nullable(v.string()),
    initials: v.nullable(v.string()),
    pronunciation: v.nullable(v.string()),
    synonyms: v.array(v.string()),
    associations: v.array(v.object({ id: uuid, name: v.string() })),
    photo: v.nullable(photoAnswer),
  }),
);

const practitionerListAnswer = answerOf<PractitionerList>()(
  v.object({ ...page, items: v.pipe(v.array(practitionerAnswer), v.description('Each practitioner whole (spec §3), as GET answers it.')) }),
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

const userExample: User = {
  ...exampleCommon(),
  resourceType: 'User',
  personId: example.id,
  name: 'Jane Doe',
  email: 'jane.doe@example.com',
  principalId: 'auth0|jane.doe',
  source: null,
  oktaId: null,
  active: true,
  roleId: example.otherId,
  userPolicy: { accessPolicy: { role: 'Scheduler', roleId: example.otherId } },
  instanceAdmin: false,
  roleBeyondYours: false,
};

const practitionerExample: Practitioner = {
  ...exampleCommon(),
  resourceType: 'Practitioner',
  personId: example.id,
  active: true,
  name: 'Dr Jane Doe',
  specialty: 'Pediatrics',
  group: 'Riverside clinic',
  initials: 'JD',
  pronunciation: 'jane dough',
  synonyms: ['Doctor Doe'],
  associations: [{ id: example.otherId, name: 'Front desk' }],
  photo: null,
};

const listQuery = { limit: '20', offset: '0', sort: 'name', order: 'asc', q: 'doe' };

export const personDocs = areaDocs({
  'GET /person/persons': {
    summary: 'List persons',
    answer: personListAnswer,
    queryExample: listQuery,
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
  'GET /person/users': {
    summary: 'List users',
    answer: userListAnswer,
    queryExample: { ...listQuery, sort: 'email' },
    answerExample: { total: 1, limit: 20, offset: 0, Items: [userExample] },
  },
  'POST /person/users/:id': {
    summary: "Give a person a user record (a sign-in)",
    status: 201,
    answer: createdSchema,
    requestExample: { email: 'jane.doe@example.com', principalId: 'auth0|jane.doe', roleId: example.otherId },
    answerExample: { id: example.id },
  },
  'GET /person/users/:id': { summary: 'Read a user', answer: userAnswer, answerExample: userExample },
  'PATCH /person/users/:id': { summary: 'Update a user', answer: userAnswer, requestExample: { version: 1, active: false }, answerExample: { ...userExample, ...exampleCommon(example.id, 2), active: false } },
  'DELETE /person/users/:id': { summary: "Delete a person's user record", status: 204 },
  'GET /person/practitioners': {
    summary: 'List practitioners',
    answer: practitionerListAnswer,
    queryExample: { ...listQuery, tag: 'language:es' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [practitionerExample] },
  },
  'POST /person/practitioners/:id': {
    summary: 'Give a person a practitioner record',
    status: 201,
    answer: createdSchema,
    requestExample: { specialty: 'Pediatrics', group: 'Riverside clinic', synonyms: ['Doctor Doe'] },
    answerExample: { id: example.id },
  },
  'GET /person/practitioners/:id': { summary: 'Read a practitioner', answer: practitionerAnswer, answerExample: practitionerExample },
  'PATCH /person/practitioners/:id': {
    summary: 'Update a practitioner',
    description: '`photo: null` removes the photo.',
    answer: practitionerAnswer,
    requestExample: { version: 1, specialty: 'Family medicine' },
    answerExample: { ...practitionerExample, ...exampleCommon(example.id, 2), specialty: 'Family medicine' },
  },
  'DELETE /person/practitioners/:id': { summary: "Delete a person's practitioner record", status: 204 },
  'PUT /person/practitioners/:id/photo': {
    requestMedia: 'image/png',
    summary: "Upload a practitioner's photo",
    description: 'The body is the image itself (PNG or JPEG, at most 1 MB), with its `Content-Type`.',
    answer: photoAnswer,
    answerExample: { contentType: 'image/png', size: 48213, modifiedTimestamp: example.time, path: `/person/practitioners/${example.id}/photo` },
  },
  'GET /person/practitioners/:id/photo': { summary: "A practitioner's photo", media: 'image/*' },
});
