import * as v from 'valibot';
import { escalationTypes, type Interaction, type InteractionComment, type InteractionCommentList, type InteractionList, type MentionableUserList } from '../../../domain/interactions.ts';
import { interactionDirections, interactionStatuses, interactionTypes } from '../../../domain/interaction-kinds.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, dateTime, example, exampleCommon, pageFields, uuid } from '../../openapi/schemas.ts';

/** Interactions, their comments and recordings (server/routes/interactions/): their answers, with examples. */

const nameRef = v.object({ id: uuid, name: v.string() });
const object = v.record(v.string(), v.unknown());

const party = v.object({
  name: v.nullable(v.string()),
  dob: v.nullable(v.string()),
  type: v.pipe(v.nullable(v.string()), v.description("'patient', 'caregiver', 'practice', 'pharmacy'…")),
  location: v.nullable(v.string()),
  contactNumber: v.pipe(v.nullable(v.string()), v.description('E.164.')),
  email: v.nullable(v.string()),
  smsOk: v.nullable(v.boolean()),
});

const event = v.object({
  id: v.string(),
  type: v.pipe(v.string(), v.description('inbound, outbound, transfer, enqueued, connectedToAgent, disconnect, disposition, recordings… (a contact center may send more).')),
  startTimestamp: dateTime,
  duration: v.pipe(v.number(), v.description('Seconds (0 for an instant).')),
  leg: v.number(),
  contactSource: v.nullable(v.string()),
  queueId: v.optional(v.nullable(v.string())),
  queueName: v.optional(v.nullable(v.string())),
  agentId: v.optional(v.nullable(v.string())),
  agentName: v.optional(v.nullable(v.string())),
  disposition: v.optional(v.nullable(v.string())),
  recordings: v.optional(v.array(v.object({ path: v.string(), contentType: v.string(), durationSeconds: v.number(), size: v.number(), key: v.optional(v.string()) }))),
  details: object,
});

const interactionAnswer = answerOf<Interaction>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('Interaction'),
    type: v.picklist(interactionTypes),
    startTimestamp: dateTime,
    endTimestamp: v.nullable(dateTime),
    direction: v.picklist(interactionDirections),
    escalated: v.boolean(),
    escalatedType: v.nullable(v.picklist(escalationTypes)),
    status: v.picklist(interactionStatuses),
    isComplete: v.boolean(),
    priority: v.array(v.string()),
    events: v.array(event),
    agentNotes: v.nullable(v.string()),
    participants: v.array(
      v.object({
        role: v.picklist(['patient', 'agent', 'supervisor', 'external', 'system']),
        name: v.nullable(v.string()),
        userId: v.optional(v.nullable(v.string())),
        contactNumber: v.optional(v.nullable(v.string())),
        legs: v.array(v.number()),
      }),
    ),
    integrationAssociations: v.array(v.object({ system: v.string(), contactId: v.string(), leg: v.number() })),
    team: v.nullable(nameRef),
    conditions: v.array(nameRef),
    practitioners: v.array(nameRef),
    outcomes: v.array(v.string()),
    patient: v.nullable(party),
    initiatingParty: v.nullable(party),
    followup: v.nullable(object),
    appointments: v.array(object),
    transferAnswered: v.nullable(v.boolean()),
    transferAttempt: v.nullable(v.boolean()),
    symptoms: v.array(v.string()),
    urgentSymptom: v.nullable(v.boolean()),
    marketingReferral: v.nullable(v.string()),
    medications: v.array(v.string()),
    locations: v.array(nameRef),
    insurances: v.array(nameRef),
    pharmacies: v.array(object),
    substances: v.array(v.string()),
    referrals: v.array(object),
    latestDisposition: v.nullable(v.string()),
    recordingsCount: v.number(),
    durationSeconds: v.nullable(v.number()),
    legDurations: v.array(
      v.object({ leg: v.number(), queueId: v.nullable(v.string()), queueName: v.nullable(v.string()), total: v.number(), wait: v.number(), talk: v.number(), hold: v.number(), afterContactWork: v.number() }),
    ),
    queues: v.array(v.object({ queueId: v.string(), queueName: v.string(), leg: v.number(), enqueuedTimestamp: dateTime, waitSeconds: v.number() })),
    queue: v.nullable(v.object({ queueId: v.string(), queueName: v.string() })),
    agent: v.nullable(v.object({ id: v.nullable(v.string()), name: v.string() })),
    patientPersons: v.optional(v.pipe(v.array(nameRef), v.description('For a role that may read persons: the persons whose numbers are the call’s.'))),
  }),
);

const interactionListAnswer = answerOf<InteractionList>()(
  v.object({
    ...pageFields,
    totalIsEstimate: v.pipe(v.boolean(), v.description('Past 1,000 matches `total` is PostgreSQL’s estimate.')),
    nextCursor: v.pipe(v.nullable(v.string()), v.description('Continues after the last item (`cursor=`).')),
    items: v.array(
      v.object({
        id: uuid,
        accountId: uuid,
        resourceType: v.literal('Interaction'),
        type: v.picklist(interactionTypes),
        startTimestamp: dateTime,
        direction: v.picklist(interactionDirections),
        status: v.picklist(interactionStatuses),
        isComplete: v.boolean(),
        escalated: v.boolean(),
        escalatedType: v.nullable(v.picklist(escalationTypes)),
        priority: v.array(v.string()),
        patient: v.pipe(v.nullable(party), v.description('Spec §3’s patient party (`patientName` and `contactNumber` beside it are the list screen’s).')),
        latestDisposition: v.nullable(v.string()),
        durationSeconds: v.nullable(v.number()),
        queue: v.nullable(v.object({ queueId: v.string(), queueName: v.string() })),
        agent: v.nullable(v.object({ id: v.nullable(v.string()), name: v.string() })),
        team: v.nullable(nameRef),
        recordingsCount: v.number(),
        patientName: v.nullable(v.string()),
        contactNumber: v.nullable(v.string()),
      }),
    ),
  }),
);

const commentAnswer = answerOf<InteractionComment>()(
  v.object({
    id: uuid,
    interactionId: uuid,
    from: nameRef,
    status: v.pipe(v.string(), v.description("'posted', 'edited' or 'deleted'.")),
    body: v.object({ contentType: v.picklist(['text/plain', 'text/markdown']), content: v.string() }),
    attachments: v.array(v.object({ name: v.string(), url: v.string() })),
    mentions: v.array(nameRef),
    createdTimestamp: dateTime,
  }),
);

const commentListAnswer = answerOf<InteractionCommentList>()(v.object({ items: v.array(commentAnswer) }));
const mentionableAnswer = answerOf<MentionableUserList>()(v.object({ items: v.array(v.object({ id: uuid, name: v.string(), canReply: v.boolean() })) }));

const call: Interaction = {
  ...exampleCommon(),
  resourceType: 'Interaction',
  type: 'call',
  startTimestamp: example.time,
  endTimestamp: '2026-03-14T09:34:10.000Z',
  direction: 'inbound',
  escalated: false,
  escalatedType: null,
  status: 'completed',
  isComplete: true,
  priority: [],
  events: [
    { id: 'e1', type: 'inbound', startTimestamp: example.time, duration: 0, leg: 1, contactSource: '+15551234567', details: {} },
    { id: 'e2', type: 'connectedToAgent', startTimestamp: '2026-03-14T09:30:40.000Z', duration: 210, leg: 1, contactSource: null, agentName: 'Sam Agent', details: {} },
  ],
  agentNotes: 'Rescheduled the follow-up visit.',
  participants: [
    { role: 'patient', name: 'Jane Doe', contactNumber: '+15551234567', legs: [1] },
    { role: 'agent', name: 'Sam Agent', userId: example.otherId, legs: [1] },
  ],
  integrationAssociations: [{ system: 'amazon-connect', contactId: 'c0ffee00-1111-4222-8333-444455556666', leg: 1 }],
  team: { id: example.otherId, name: 'Front desk' },
  conditions: [],
  practitioners: [],
  outcomes: ['rescheduled'],
  patient: { name: 'Jane Doe', dob: '1984-05-02', type: 'patient', location: null, contactNumber: '+15551234567', email: null, smsOk: true },
  initiatingParty: null,
  followup: null,
  appointments: [],
  transferAnswered: null,
  transferAttempt: null,
  symptoms: [],
  urgentSymptom: null,
  marketingReferral: null,
  medications: [],
  locations: [],
  insurances: [],
  pharmacies: [],
  substances: [],
  referrals: [],
  latestDisposition: 'Appointment rescheduled',
  recordingsCount: 0,
  durationSeconds: 250,
  legDurations: [{ leg: 1, queueId: 'q-front', queueName: 'Front desk', total: 250, wait: 40, talk: 200, hold: 0, afterContactWork: 10 }],
  queues: [{ queueId: 'q-front', queueName: 'Front desk', leg: 1, enqueuedTimestamp: example.time, waitSeconds: 40 }],
  queue: { queueId: 'q-front', queueName: 'Front desk' },
  agent: { id: example.otherId, name: 'Sam Agent' },
};

const comment: InteractionComment = {
  id: example.otherId,
  interactionId: example.id,
  from: { id: example.otherId, name: 'Morgan Manager' },
  status: 'posted',
  body: { contentType: 'text/plain', content: '@Sam Agent please call her back tomorrow.' },
  attachments: [],
  mentions: [{ id: example.otherId, name: 'Sam Agent' }],
  createdTimestamp: example.later,
};

const base = '/interactions/interactions';

export const interactionDocs = areaDocs({
  [`GET ${base}`]: {
    summary: 'List interactions (the call history)',
    answer: interactionListAnswer,
    queryExample: { limit: '20', status: 'completed', order: 'desc' },
    answerExample: {
      total: 1,
      totalIsEstimate: false,
      limit: 20,
      offset: 0,
      nextCursor: null,
      items: [
        {
          id: example.id,
          accountId: example.accountId,
          resourceType: 'Interaction',
          type: 'call',
          startTimestamp: example.time,
          direction: 'inbound',
          status: 'completed',
          isComplete: true,
          escalated: false,
          escalatedType: null,
          priority: [],
          patient: null,
          latestDisposition: 'Appointment rescheduled',
          durationSeconds: 250,
          queue: { queueId: 'q-front', queueName: 'Front desk' },
          agent: { id: example.otherId, name: 'Sam Agent' },
          team: { id: example.otherId, name: 'Front desk' },
          recordingsCount: 0,
          patientName: 'Jane Doe',
          contactNumber: '+15551234567',
        },
      ],
    },
  },
  [`POST ${base}`]: {
    summary: 'Record an interaction',
    status: 201,
    answer: createdSchema,
    requestExample: { startTimestamp: example.time, endTimestamp: '2026-03-14T09:34:10.000Z', direction: 'inbound', status: 'completed', agentNotes: 'Rescheduled the follow-up visit.' },
    answerExample: { id: example.id },
  },
  [`GET ${base}/mentionable`]: {
    summary: 'Users a comment may mention',
    answer: mentionableAnswer,
    queryExample: { q: 'sa', limit: '8' },
    answerExample: { items: [{ id: example.otherId, name: 'Sam Agent', canReply: true }] },
  },
  [`GET ${base}/:id`]: { summary: 'Read an interaction, with its timeline', answer: interactionAnswer, answerExample: { ...call, patientPersons: [{ id: example.otherId, name: 'Jane Doe' }] } },
  [`PATCH ${base}/:id`]: {
    summary: 'Update an interaction (notes, disposition, status, escalation)',
    answer: interactionAnswer,
    requestExample: { version: 1, agentNotes: 'Called back; all set.', status: 'completed' },
    answerExample: { ...call, ...exampleCommon(example.id, 2), agentNotes: 'Called back; all set.' },
  },
  [`DELETE ${base}/:id`]: { summary: 'Delete an interaction (it stays in Recently deleted)', status: 204 },
  [`POST ${base}/:id/restore`]: { summary: 'Restore a deleted interaction', answer: interactionAnswer, answerExample: { ...call, ...exampleCommon(example.id, 3) } },
  [`GET ${base}/:id/comments`]: { summary: "An interaction's comments", answer: commentListAnswer, answerExample: { items: [comment] } },
  [`POST ${base}/:id/comments`]: {
    summary: 'Comment on an interaction',
    description: 'Each user mentioned (by id, or `@Name` in the text) is notified.',
    status: 201,
    answer: commentAnswer,
    requestExample: { body: { contentType: 'text/plain', content: '@Sam Agent please call her back tomorrow.' }, mentions: [example.otherId] },
    answerExample: comment,
  },
  [`GET ${base}/:id/events/:eventId/recordings/:path{.+}`]: {
    summary: "A call's recording",
    description: 'The audio, with byte ranges (`Range`) for seeking.',
    media: 'audio/*',
  },
});
