import * as v from 'valibot';
import {
  contactPointSystems,
  serviceProviders,
  systemTypes,
  type ContactPoint,
  type ContactPointList,
  type VipLookup,
} from '../../../domain/contact-points.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, example, exampleCommon, pageFields, uuid } from '../../openapi/schemas.ts';

/** Contact points (server/routes/contact-points/index.ts): their answers, with examples. */

const contactPointAnswer = answerOf<ContactPoint>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('ContactPoint'),
    name: v.string(),
    value: v.pipe(v.string(), v.description('As typed.')),
    normalizedValue: v.pipe(v.string(), v.description('E.164 for PHONE, SMS and FAX: what uniqueness and the VIP lookup go by.')),
    system: v.picklist(contactPointSystems),
    serviceProvider: v.picklist(serviceProviders),
    description: v.nullable(v.string()),
    systemType: v.nullable(v.picklist(systemTypes)),
    rank: v.number(),
    vip: v.boolean(),
    associations: v.pipe(
      v.array(v.object({ id: uuid, name: v.nullable(v.string()) })),
      v.description("The practitioners it belongs to; `name` is null when the caller's role may not read practitioners."),
    ),
  }),
);

const contactPointListAnswer = answerOf<ContactPointList>()(
  v.object({
    ...pageFields,
    totalEstimated: v.optional(v.boolean()),
    items: v.pipe(v.array(contactPointAnswer), v.description('Each contact point whole (spec §3), as GET answers it.')),
  }),
);

const vipAnswer = answerOf<VipLookup>()(
  v.object({
    vip: v.boolean(),
    contactPoint: v.nullable(v.object({ id: uuid, name: v.string(), value: v.string(), system: v.picklist(contactPointSystems) })),
  }),
);

const frontDesk: ContactPoint = {
  ...exampleCommon(),
  resourceType: 'ContactPoint',
  name: 'Front desk',
  value: '(555) 123-4567',
  normalizedValue: '+15551234567',
  system: 'PHONE',
  serviceProvider: 'Amazon Connect',
  description: 'Main reception line',
  systemType: 'Reception',
  rank: 1,
  vip: false,
  associations: [{ id: example.otherId, name: 'Dr Jane Doe' }],
};

export const contactPointDocs = areaDocs({
  'GET /contactpoints/contact-points': {
    summary: 'List contact points',
    answer: contactPointListAnswer,
    queryExample: { limit: '20', offset: '0', sort: 'name', order: 'asc', q: '555' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [frontDesk] },
  },
  'POST /contactpoints/contact-points': {
    summary: 'Create a contact point',
    description: 'Absent fields take their defaults (PHONE, Amazon Connect, Main, rank 10, not VIP). A phone number is checked and kept in E.164 too; a value is unique per system.',
    status: 201,
    answer: createdSchema,
    requestExample: { name: 'Front desk', value: '(555) 123-4567', system: 'PHONE', description: 'Main reception line', systemType: 'Reception', rank: 1, associations: [example.otherId] },
    answerExample: { id: example.id },
  },
  'GET /contactpoints/contact-points/:id': { summary: 'Read a contact point', answer: contactPointAnswer, answerExample: frontDesk },
  'PATCH /contactpoints/contact-points/:id': {
    summary: 'Update a contact point',
    answer: contactPointAnswer,
    requestExample: { version: 1, vip: true },
    answerExample: { ...frontDesk, ...exampleCommon(example.id, 2), vip: true },
  },
  'DELETE /contactpoints/contact-points/:id': { summary: 'Delete a contact point (it stays in Recently deleted)', status: 204 },
  'POST /contactpoints/contact-points/:id/restore': {
    summary: 'Restore a deleted contact point',
    answer: contactPointAnswer,
    answerExample: { ...frontDesk, ...exampleCommon(example.id, 3) },
  },
  'GET /contactpoints/vip/:value': {
    summary: 'Is this number a VIP?',
    description: "The call center's lookup for an incoming call: the number in any spelling (`(555) 123-4567`, `+1 555 123 4567`).",
    answer: vipAnswer,
    answerExample: { vip: true, contactPoint: { id: example.id, name: 'Front desk', value: '(555) 123-4567', system: 'PHONE' } },
  },
});
