import * as v from 'valibot';
import { practitionerPhotoTypes, type Practitioner, type PractitionerList, type PractitionerPhoto } from '../../../domain/persons.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, dateTime, example, exampleCommon, uuid } from '../../openapi/schemas.ts';
import { listQueryExample, personListPage } from '../persons/openapi.ts';

/** Practitioners and their photos (server/routes/practitioners/index.ts): their answers, with examples. */

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
  v.object({ ...personListPage, items: v.pipe(v.array(practitionerAnswer), v.description('Each practitioner whole (spec §3), as GET answers it.')) }),
);

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

export const practitionerDocs = areaDocs({
  'GET /person/practitioners': {
    summary: 'List practitioners',
    answer: practitionerListAnswer,
    queryExample: { ...listQueryExample, tag: 'language:es' },
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
