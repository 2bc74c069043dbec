import * as v from 'valibot';
import type { MaskedCallStarted, MaskingPage, MaskingSession, MaskingSessionList } from '../../../domain/masking.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, dateTime, example, uuid } from '../../openapi/schemas.ts';

/** Call masking (server/routes/call-masking/index.ts): staff's sessions and the patient's page. */

const sessionId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/), v.description('22 characters of base64url, made by the server.'));

const sessionAnswer = answerOf<MaskingSession>()(
  v.object({
    id: sessionId,
    accountId: uuid,
    status: v.picklist(['active', 'used', 'expired', 'ended']),
    patientNumber: v.pipe(v.string(), v.description('The patient’s number (E.164).')),
    personId: v.nullable(uuid),
    personName: v.nullable(v.string()),
    interactionId: v.nullable(uuid),
    practiceContactPointId: v.pipe(uuid, v.description('The practice’s line the patient reaches.')),
    practiceContactPointName: v.string(),
    callerNumber: v.pipe(v.string(), v.description('The platform number that calls the patient.')),
    expiresAt: dateTime,
    maxCalls: v.number(),
    callsUsed: v.number(),
    callTimeLimitMinutes: v.number(),
    ringTimeoutSeconds: v.number(),
    link: v.pipe(v.string(), v.description('The link the patient opens.')),
    textStatus: v.pipe(v.nullable(v.string()), v.description('Whether the link was texted, and how that went (`sent`, `refused: …`).')),
    endedAt: v.nullable(dateTime),
    endedBy: v.nullable(v.string()),
    createdTimestamp: dateTime,
    createdBy: v.string(),
  }),
);
const sessionListAnswer = answerOf<MaskingSessionList>()(v.object({ items: v.array(sessionAnswer) }));
const pageAnswer = answerOf<MaskingPage>()(v.object({ practiceName: v.string(), callerNumber: v.string(), expiresAt: dateTime, callsLeft: v.number() }));
const startedAnswer = answerOf<MaskedCallStarted>()(v.object({ status: v.literal('calling') }));

const sessionIdExample = 'q3VbX8_kPz2LmN4rT6wYaA';
const session: MaskingSession = {
  id: sessionIdExample,
  accountId: example.accountId,
  status: 'active',
  patientNumber: '+15551234567',
  personId: example.id,
  personName: 'Jane Doe',
  interactionId: null,
  practiceContactPointId: example.otherId,
  practiceContactPointName: 'Front desk',
  callerNumber: '+15557654321',
  expiresAt: example.later,
  maxCalls: 3,
  callsUsed: 0,
  callTimeLimitMinutes: 15,
  ringTimeoutSeconds: 30,
  link: `https://portal.example.com/mask/${sessionIdExample}`,
  textStatus: 'sent',
  endedAt: null,
  endedBy: null,
  createdTimestamp: example.time,
  createdBy: example.actor,
};

export const callMaskingDocs = areaDocs({
  'GET /call_masking/callMask/:id': {
    summary: 'The patient’s page: which practice will call, and from which number',
    answer: pageAnswer,
    answerExample: { practiceName: 'Riverside Family Practice', callerNumber: '+15557654321', expiresAt: example.later, callsLeft: 3 },
  },
  'POST /call_masking/callMask/:id': { summary: 'The patient asks to be called (spec §7)', answer: startedAnswer, answerExample: { status: 'calling' } },
  'GET /call_masking/sessions': { summary: 'List the practice’s masked call links', answer: sessionListAnswer, queryExample: { personId: example.id }, answerExample: { items: [session] } },
  'POST /call_masking/sessions': {
    summary: 'Set up a masked call link (and text it to the patient)',
    status: 201,
    answer: sessionAnswer,
    requestExample: { patientNumber: '(555) 123-4567', practiceContactPointId: example.otherId, personId: example.id, maxCalls: 3 },
    answerExample: session,
  },
  'GET /call_masking/sessions/:id': { summary: 'Read a masked call link', answer: sessionAnswer, answerExample: session },
  'PATCH /call_masking/sessions/:id': {
    summary: 'End a masked call link',
    answer: sessionAnswer,
    requestExample: { ended: true },
    answerExample: { ...session, status: 'ended', endedAt: example.later, endedBy: example.actor },
  },
});
